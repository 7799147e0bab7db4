/**
 * The path a published form's events go to, apart from the rest of the route table (./paths.ts names it as its
 * `events` route), so the code that sends them carries this string and nothing else of the table.
 */
export const EVENTS_PATH = '/events';

/** What a form tells the endpoint, in order: seen, first touched, sent, and what came of it. */
export const EVENT_KINDS = ['view', 'start', 'submit', 'done', 'failed'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
