/**
 * What each of the donate form's options means, by path, for the config
 * reference and the Customise tab. Docs only: the form never imports it.
 */
import {
  ANALYTICS,
  CONTACT,
  COUNTRIES,
  CURRENCY,
  giftGatewayOptions,
  LOCALE,
  MANAGE_GIFT_URL,
  messageOptions,
  THEME,
  upgradeRuleOptions,
  type OptionsOf,
  BOT_CHECK_SITE_KEY,
} from '../shared/docs';
import type {Frequency} from '../shared/money';
import {DONATE_FORM_MESSAGES} from './messages';
import type {DonateFormConfigInput} from './schema';

/** One frequency's amounts: the same options under each of `amounts`' keys. */
const amountsOptions = <F extends Frequency>(name: F) => {
  const at = `amounts.${name}` as const;
  return {
    [at]: `Amounts for ${name} gifts.`,
    [`${at}.handles`]: 'Preset amount buttons (dollar handles), 1 to 6, in order.',
    [`${at}.handles[].amount`]: 'The amount in dollars, e.g. 35.',
    [`${at}.handles[].label`]: 'Button text instead of the formatted amount.',
    [`${at}.handles[].impact`]: 'What this amount does, e.g. "funds a day of ship fuel".',
    [`${at}.handles[].image`]: 'An impact image, shown beside the handle on the large form.',
    [`${at}.handles[].image.src`]: 'Image address: https://, or a path on this site starting with a single /.',
    [`${at}.handles[].image.alt`]: 'Text for screen readers; empty when the image is decorative.',
    [`${at}.defaultAmount`]: 'The handle selected at the start; must be one of the handles. Defaults to the middle handle.',
    [`${at}.min`]: 'The smallest amount accepted, in dollars.',
    [`${at}.max`]: 'The largest amount accepted, in dollars.',
    [`${at}.allowOther`]: 'Show an other-amount field beside the handles.',
    [`${at}.impactTemplate`]:
      'Impact line for an other amount: {amount} is the amount, {count} the amount divided by impactUnit, e.g. "{amount} plants {count} mangroves".',
    [`${at}.impactUnit`]:
      'What one unit of impact costs, in dollars: {count} in impactTemplate is the amount divided by this, rounded down.',
  };
};

export const DONATE_FORM_OPTIONS = {
  campaign: 'The campaign id recorded with every gift.',
  sourceCode: 'Source code recorded with every gift, for reporting.',
  currency: CURRENCY,
  locale: LOCALE,
  countries: COUNTRIES,
  size: 'small: handles and one button, opens the rest on click; medium: the standard form; large: full width with impact images.',
  layout: 'single: one page; wizard: Amount → Your details → Payment, with a step indicator.',
  frequencies: 'The frequencies offered, in order.',
  defaultFrequency: 'The frequency selected at the start. Defaults to the first one offered.',
  dailyDays: 'How many days a daily gift runs for.',
  amounts: 'Handles and limits for each frequency.',
  ...amountsOptions('one-off'),
  ...amountsOptions('weekly'),
  ...amountsOptions('monthly'),
  ...amountsOptions('daily'),
  fields: 'Which supporter fields are required, optional or hidden.',
  'fields.firstName': 'First name field.',
  'fields.lastName': 'Last name field.',
  'fields.email': 'Email field.',
  'fields.phone': 'Mobile field: numbers of the countries the form takes, and of Australia and New Zealand.',
  'fields.postcode': 'Postcode field, for the tax receipt.',
  'fields.address': 'Street address field, for the tax receipt.',
  directDebit: 'Offer Australian direct debit (BSB and account) for recurring gifts.',
  directDebitAgreementUrl:
    'The address of your Direct Debit Request service agreement: a link to it sits beside the box the supporter ticks to accept it.',
  coverFees: 'The cover-fees option.',
  'coverFees.enabled': 'Offer to add a percentage that covers processing fees.',
  'coverFees.percent': 'The percentage added when the supporter ticks the box.',
  rgUpgrade:
    'The regular-giving upgrade ask. It never suggests more than the monthly maximum: when the suggestion would be above it, the one-off gift is sent without an ask.',
  'rgUpgrade.enabled': 'Ask one-off donors, once, to give monthly instead.',
  ...upgradeRuleOptions('rgUpgrade'),
  externalHandles: 'Let elements marked data-coral-amount anywhere on the page select an amount.',
  urlParams: 'Prefill the form from the URL parameters listed below.',
  handoff: 'Daisychain page 2: greet a signer handed over by a powerform by first name, with their details filled in.',
  ...giftGatewayOptions('gifts'),
  thankYouUrl: 'Go to this page after a gift instead of showing the thank-you inline.',
  reassurance:
    'What the form says by the give button to reassure the supporter; the words are the messages securePayment, acceptedCards, cancelAnyTime (with manageGiftLink, or else manageGiftByEmail, manageGiftByPhone or manageGiftByEmailOrPhone), taxDeductible and privacyLink.',
  'reassurance.secure': 'Say by the give button that the payment is secure.',
  'reassurance.cardBrands':
    'Show the marks of the cards taken (Visa, Mastercard, American Express), named for screen readers, while paying by card.',
  'reassurance.cancelAnyTime':
    'Tell a weekly or monthly donor how to change or cancel the gift: a link to manageGiftUrl, or else how to reach you from contact. Left out when neither is set.',
  'reassurance.taxDeductible':
    'Say that gifts of $2 or more are tax-deductible. Turn it on only where they are: the organisation must be a deductible gift recipient.',
  'reassurance.privacyUrl': 'The address of your privacy policy: a link to it sits by the give button.',
  botCheck:
    "A Cloudflare Turnstile bot check above the give button, against card testing: its token goes with each gift for the endpoint to verify. Only a form with a site key loads Turnstile's script, from challenges.cloudflare.com (allow it in the page's Content-Security-Policy for script-src and frame-src). The supporter is asked to complete the check (message guard.bot-check) when they press give while the check is showing but not yet passed; when Turnstile's script cannot load, the gift is sent without a token and the endpoint decides.",
  'botCheck.siteKey': BOT_CHECK_SITE_KEY,
  manageGiftUrl: MANAGE_GIFT_URL,
  ...CONTACT,
  updateTitle:
    "Let the form change the page's title, as the browser tab and screen readers name the page: a wizard's step before it (Your details – Step 2 of 3 – the page's title), and Error: before that while the error summary shows. The page's own title comes back when the form goes. Turn it off where nothing but the page may set its title.",
  analytics: ANALYTICS,
  theme: THEME,
  ...messageOptions(DONATE_FORM_MESSAGES),
} satisfies OptionsOf<DonateFormConfigInput>;
