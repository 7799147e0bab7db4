/** The email check. The gentle "did you mean …?" for common domain typos is ./emailSuggestion.ts, fetched once an email is typed. */
import {EMAIL_MESSAGES, type Messages, accept, refuse, type Check} from '../basics';

// Deliberately simple: one @, no spaces, a dot in the domain. The mail server is the real judge.
const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[a-z]{2,}$/i;

export function validateEmail(input: string, messages: Messages<typeof EMAIL_MESSAGES> = EMAIL_MESSAGES): Check<string> {
  const email = input.trim();
  if (email === '') return refuse(messages.emailMissing);
  if (email.length > 254 || !EMAIL.test(email)) return refuse(messages.emailInvalid);
  return accept(email);
}
