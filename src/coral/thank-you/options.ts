/**
 * What each of the thank-you page's options means, by path, for the config
 * reference and the Customise tab. Docs only: the page never imports it.
 */
import * as shared from '../shared/docs';
import {THANK_YOU_MESSAGES} from './messages';
import type {ThankYouConfigInput} from './schema';

export const THANK_YOU_OPTIONS = {
  campaign: 'The campaign id recorded with monthly gifts and events.',
  currency: shared.CURRENCY,
  locale: shared.LOCALE,
  variant: 'standard: heading, receipt, share and ask; photography: the same under a full-width hero photograph.',
  photo: 'The hero photograph: required with variant "photography", refused otherwise.',
  'photo.src': 'The image browsers without srcset load: usually the middle size.',
  'photo.srcset':
    'Every size of the photo, e.g. [{"src":"/img/reef-480.webp","width":480}, …]; the browser picks the smallest that fills the space.',
  'photo.srcset[].src': 'One size of the photo.',
  'photo.srcset[].width': 'Its width in pixels.',
  'photo.sizes': 'How wide the photo shows, as the sizes attribute: the hero is full width, so 100vw unless the page is narrower.',
  'photo.width': 'The photo’s width in pixels (of any one size), so the page keeps its space before it loads.',
  'photo.height': 'The photo’s height in pixels, in the same size as width.',
  'photo.alt': 'What the photo shows, for people who cannot see it.',
  'photo.caption': 'A line under the photo: where and what it is.',
  'photo.credit': 'Who took or made the photo, e.g. "Photo: Jane Doe".',
  ...shared.SHARE,
  upgrade: 'The regular-giving ask: "Could you give $X every month?", with a compact monthly donate form when accepted.',
  'upgrade.enabled': 'Ask a one-off donor, once, to give monthly as well.',
  ...shared.upgradeRuleOptions('upgrade'),
  'upgrade.minMonthly': 'The smallest monthly gift suggested or accepted, in dollars.',
  'upgrade.maxMonthly': 'The largest monthly gift accepted, in dollars; no ask is shown when the suggestion would be larger.',
  'upgrade.directDebit': 'Offer Australian direct debit as well as card on the monthly form.',
  'upgrade.sourceCode': 'Source code recorded with monthly gifts made from the ask.',
  urlParams: 'Show the gift from the amount, frequency and ref URL parameters when no gift was handed over.',
  botCheck:
    "A Cloudflare Turnstile bot check on the monthly form the ask opens, as the donate form's botCheck: give it the same site key. A one-tap monthly gift on a kept card shows no check; when the endpoint wants one, the monthly form opens with it.",
  'botCheck.siteKey': shared.BOT_CHECK_SITE_KEY,
  manageGiftUrl: shared.MANAGE_GIFT_URL,
  ...shared.CONTACT,
  ...shared.giftGatewayOptions('monthly gifts made from the ask'),
  analytics: shared.ANALYTICS,
  theme: shared.THEME,
  ...shared.messageOptions(THANK_YOU_MESSAGES),
} satisfies shared.OptionsOf<ThankYouConfigInput>;
