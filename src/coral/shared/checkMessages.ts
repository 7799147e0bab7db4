/**
 * What the field checks say, in English by default. Each form's message table
 * includes the groups it uses, so `messages` in a config overrides them like
 * any other sentence; a check takes the form's merged table.
 */
export const EMAIL_MESSAGES = {
  emailMissing: 'Enter your email address.',
  emailInvalid: 'Enter an email address like name@example.com.',
} as const;

export const MOBILE_MESSAGES = {
  mobileMissing: 'Enter your mobile number. {allowed}',
  mobileNotDigits: 'A phone number has digits only. {allowed}',
  mobileInvalid: 'That is not a mobile number we can text. {allowed}',
  mobileAllowed: 'Enter an Australian or New Zealand mobile number, like {example}.',
} as const;

export const AMOUNT_MESSAGES = {
  amountMissing: 'Enter an amount. {allowed}',
  amountUnreadable: '"{input}" is not an amount. {allowed}',
  amountTooLarge: 'That amount is too large. {allowed}',
  amountZero: 'Enter an amount above {zero}.',
  amountAllowed: 'Enter an amount in dollars, like 25 or 25.50.',
} as const;

export const CARD_MESSAGES = {
  cardMissing: 'Enter your card number.',
  cardNotDigits: 'A card number has digits only (spaces are fine).',
  cardBrandRefused: 'We accept Visa, Mastercard and American Express.',
  cardInvalid: 'That card number is not valid: check it against your card.',
  expiryFormat: 'Enter the expiry date as MM/YY, like 04/29.',
  expiryMonth: 'The month of the expiry date runs from 01 to 12.',
  expiryPast: 'This card has expired: use another card.',
  expiryTooFar: 'Check the expiry year: it is too far ahead.',
  cvcFront: 'The security code is the {digits} digits on the front of your card.',
  cvcBack: 'The security code is the {digits} digits on the back of your card.',
  'brand.visa': 'Visa',
  'brand.mastercard': 'Mastercard',
  'brand.amex': 'American Express',
  cardBrandsHint: 'Visa, Mastercard or American Express',
} as const;

export const BANK_MESSAGES = {
  bsbInvalid: 'A BSB is 6 digits, like 062-000.',
  accountInvalid: 'An account number is 5 to 9 digits.',
  accountNameMissing: 'Enter the name on the account.',
  accountNameTooLong: 'The account name can be at most {max} characters, as your bank shows it.',
} as const;

export type Messages<T> = {readonly [K in keyof T]: string};
