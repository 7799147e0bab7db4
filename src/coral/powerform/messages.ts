import {FIELD_MESSAGES} from '../shared/fields/core';
import {SHARE_MESSAGES} from '../shared/share';

/** Every sentence a supporter reads on a powerform. Override any of them with `messages` in the config. */
export const POWERFORM_MESSAGES = {
  ...FIELD_MESSAGES,
  ...SHARE_MESSAGES,
  shareHeading: 'Ask a friend to sign',
  heading: 'Add your name',
  intro: 'Add your name, and we will keep you posted on what happens next.',
  counter: '{count} of {goal} signatures',
  counterGoalReached: '{count} signatures: we passed our goal of {goal}!',
  firstNameLabel: 'First name',
  lastNameLabel: 'Last name',
  emailLabel: 'Email',
  phoneLabel: 'Mobile',
  postcodeLabel: 'Postcode',
  optional: '(optional)',
  consentLabel: 'Keep me updated about this campaign and others by email and text. You can unsubscribe at any time.',
  emailSuggestion: 'Did you mean {email}?',
  emailSuggestionApply: 'Use {email}',
  answerMissing: 'Enter your answer.',
  answerTooLong: 'Your answer must be {max} characters or fewer.',
  choiceMissing: 'Choose an answer.',
  consentRequired: 'Tick the box to agree before you sign.',
  consentSummaryLabel: 'Keeping in touch',
  'errorSummary.one': 'There is a problem',
  'errorSummary.other': 'There are {count} problems',
  pageTitleError: 'Error: {title}',
  submit: 'Sign now',
  submitting: 'Adding your name…',
  rejected: 'We could not add your name: {reason}. Your details are still here: check them and try again.',
  notSent: 'Your name could not be added just now, so nothing was saved. Your details are still here: please try again.',
  submitAgain: 'Send my signature again',
  emailRefused: 'Check your email address: {reason}.',
  unknownOutcome: 'We could not confirm your signature. It may have been added; please check your email before signing again.',
  thankYouHeading: 'Thank you, {name}!',
  thankYouHeadingNoName: 'Thank you for signing!',
  thankYouBody: 'Your name is in. Share the petition so more people can add theirs.',
  sandboxNotice: 'Test mode: this signature was sent to no one, and counts on this page only.',
  redirecting: 'Taking you to the next step…',
} as const;

export type PowerformMessageKey = keyof typeof POWERFORM_MESSAGES;
export type PowerformMessages = Record<PowerformMessageKey, string>;
