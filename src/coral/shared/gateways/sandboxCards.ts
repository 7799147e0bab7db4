/** What the sandbox answers to, as the demos and docs list it: kept apart from its code, which loads when a form first sends. */

/** The sandbox's test card numbers, as the demos show them. */
export const SANDBOX_CARDS = [
  {number: '4242 4242 4242 4242', result: 'Approved'},
  {number: '4000 0000 0000 0002', result: 'Declined: card declined'},
  {number: '4000 0000 0000 9995', result: 'Declined: insufficient funds'},
  {number: '4000 0000 0000 0119', result: 'Processing error: nothing charged, safe to retry'},
  {number: '4000 0000 0000 0259', result: 'No answer: the gift may have been charged'},
] as const;

/** The sandbox's test email addresses for signups: any other address is accepted. */
export const SANDBOX_SIGNUP_EMAILS = [
  {email: 'name@example.org', result: 'Accepted (any address not listed here)'},
  {email: 'name+reject@example.org', result: 'Rejected: the address cannot receive email'},
  {email: 'name+error@example.org', result: 'Service error: nothing saved, safe to try again'},
  {email: 'name+unknown@example.org', result: 'No answer: the signature may have been saved'},
] as const;
