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
  mobileMissing: 'Enter your mobile number.',
  mobileNotDigits: 'Use digits only. {allowed}',
  mobileInvalid: 'That is not a mobile number we can text. {allowed}',
  mobileAllowed: 'Enter an Australian or New Zealand mobile number, like {example}.',
  // A form that takes more countries: Australia, Fiji or Papua New Guinea.
  mobileAllowedFrom: 'Enter a mobile number from {countries}, like {example}.',
  // For a number shaped like one of the form's own landlines that is the other country's mobile: 027 123 4567 on an Australian form.
  mobileLandline: 'Enter a mobile number, not a landline. {otherCountry}',
  mobileNewZealandPrefix: 'If this is a New Zealand mobile, start with +64, like +64 21 123 4567.',
  mobileAustraliaPrefix: 'If this is an Australian mobile, start with +61, like +61 412 345 678.',
  // A number in national form that is a mobile of another of the form's countries, not of the supporter's own.
  mobileCountryPrefix: 'If this is a mobile in {country}, start with +{code}, like {example}.',
  // The check's code could not be fetched (a dropped connection): the number is neither taken nor called wrong.
  mobileUnchecked: 'We could not check this number just now. Check your connection, then try again.',
} as const;

export const AMOUNT_MESSAGES = {
  amountMissing: 'Enter an amount. {allowed}',
  amountUnreadable: '"{input}" is not an amount. {allowed}',
  amountTooLarge: 'That amount is too large. {allowed}',
  amountZero: 'Enter an amount above {zero}.',
  amountAllowed: 'Enter an amount in dollars, like 25 or 25.50.',
  // For a currency without cents in Stripe (XPF, VUV): in place of amountAllowed, and for an amount with cents.
  amountWhole: 'Enter a whole amount, like 1000.',
} as const;

export const CARD_MESSAGES = {
  cardMissing: 'Enter your card number.',
  cardNotDigits: 'Enter the card number in digits only (spaces are fine).',
  cardBrandRefused: 'Enter a Visa, Mastercard or American Express card number.',
  cardInvalid: 'Enter the card number exactly as it is on your card.',
  cardTooLong: 'Card number must be {max} digits or fewer.',
  expiryMissing: 'Enter the expiry date.',
  expiryFormat: 'Enter the expiry date as MM/YY, like 04/29.',
  expiryMonth: 'Enter an expiry month from 01 to 12.',
  expiryPast: 'This card has expired. Use another card.',
  expiryTooFar: 'Check the expiry year: it is too far ahead.',
  cvcMissing: 'Enter the security code.',
  cvcFront: 'Enter the {digits}-digit security code from the front of your card.',
  cvcBack: 'Enter the {digits}-digit security code from the back of your card.',
  'brand.visa': 'Visa',
  'brand.mastercard': 'Mastercard',
  'brand.amex': 'American Express',
  cardBrandsHint: 'Visa, Mastercard or American Express',
} as const;

export const BANK_MESSAGES = {
  bsbMissing: 'Enter the BSB.',
  bsbInvalid: 'Enter a BSB of 6 digits, like 062-000.',
  accountMissing: 'Enter the account number.',
  accountInvalid: 'Enter an account number of 5 to 9 digits.',
  accountNameMissing: 'Enter the name on the account.',
  accountNameTooLong: 'Enter the account name in {max} characters or fewer, as your bank shows it.',
} as const;

export type Messages<T> = {readonly [K in keyof T]: string};
