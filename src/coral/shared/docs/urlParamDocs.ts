/** What the URL parameters accept, as the docs list them: read by the docs build and the tests, never shipped with a form. */
import {FIELD_TABLE, PREFILLED_FIELDS, UTM_PARAMS, type PrefilledField} from '../fields';

/** What each supporter field's parameter accepts, as the docs say it. */
const PARAM_DOCS: Record<PrefilledField, string> = {
  firstName: 'Up to 50 letters (any alphabet), spaces, apostrophes, full stops and hyphens, as in J. R. or O’Neil-Smith.',
  lastName: 'Up to 50 letters (any alphabet), spaces, apostrophes, full stops and hyphens, as in J. R. or O’Neil-Smith.',
  email: 'An email address.',
  phone: 'A mobile number of a country the form takes, or of Australia or New Zealand.',
  postcode: 'A postcode of the form’s own country, in its format (four digits in Australia and New Zealand).',
};

/** Every parameter the form reads, with what it accepts: the docs list this table. */
export const URL_PARAMETERS = [
  {name: 'amount', accepts: 'An amount in dollars, like 50 or 50.00; within the frequency’s limits.'},
  {name: 'frequency', accepts: 'One of the frequencies the form offers: one-off, weekly, monthly or daily.'},
  ...PREFILLED_FIELDS.map((field) => ({name: FIELD_TABLE[field].param ?? '', accepts: PARAM_DOCS[field]})),
  {name: 'step', accepts: 'The wizard step to open: amount, details or payment (payment only once the earlier steps are complete).'},
  ...UTM_PARAMS.map((name) => ({name, accepts: 'Up to 100 printable characters; carried through to the submission.'})),
] as const;
