/**
 * A published form's path under the endpoint's base URL, apart from the rest of the route table (./paths.ts, which
 * names it as its `form` and `formPublish` routes): the code that reads a form by its id carries these two strings
 * and nothing else of the table.
 */

/** A published form's path, which a page reads (GET) and the organisation's tools publish to (PUT); `{form}` stands for its id. */
export const FORM_PATH = '/forms/{form}';

/** The part of a form's path that stands for its id. */
export const FORM_PARAM = '{form}';
