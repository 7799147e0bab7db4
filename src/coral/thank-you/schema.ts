/**
 * The thank-you component's config schema: the one source of its types,
 * defaults, runtime checks and config reference. Amounts are in dollars.
 */
import * as z from 'zod/mini';
import {currency, DEFAULT_AMOUNTS, dollarsAmount, rgUpgradeRule} from '../donate-form/schema';
import {parseConfig, type ParseResult} from '../shared/config';
import {
  botCheckOption,
  campaignId,
  contact,
  describe,
  giftGatewayConfig,
  locale,
  manageGiftUrl,
  messageOverrides,
  safeUrl,
  text,
  theme,
} from '../shared/schemaParts';
import {shareOption} from '../shared/share/share';
import {THANK_YOU_MESSAGES} from './messages';

export {SHARE_CHANNELS, type ShareChannel} from '../shared/share/share';

const pixels = z.int().check(z.minimum(1), z.maximum(10_000));
const boolean = (fallback: boolean, description: string) => describe(z._default(z.boolean(), fallback), description);

const photo = describe(
  z.optional(
    z.strictObject({
      src: describe(safeUrl, 'The image browsers without srcset load: usually the middle size.'),
      srcset: describe(
        z
          .array(
            z.strictObject({
              src: describe(safeUrl, 'One size of the photo.'),
              width: describe(pixels, 'Its width in pixels.'),
            }),
          )
          .check(
            z.minLength(1),
            z.maxLength(8),
            z.refine((list) => new Set(list.map((s) => s.width)).size === list.length, {message: 'expected each width once'}),
          ),
        'Every size of the photo, e.g. [{"src":"/img/reef-480.webp","width":480}, …]; the browser picks the smallest that fills the space.',
      ),
      sizes: describe(
        z._default(text(1, 200), '100vw'),
        'How wide the photo shows, as the sizes attribute: the hero is full width, so 100vw unless the page is narrower.',
      ),
      width: describe(pixels, 'The photo’s width in pixels (of any one size), so the page keeps its space before it loads.'),
      height: describe(pixels, 'The photo’s height in pixels, in the same size as width.'),
      alt: describe(text(0, 250), 'What the photo shows, for people who cannot see it.'),
      caption: describe(z.optional(text(1, 300)), 'A line under the photo: where and what it is.'),
      credit: describe(text(1, 120), 'Who took or made the photo, e.g. "Photo: Jane Doe".'),
    }),
  ),
  'The hero photograph: required with variant "photography", refused otherwise.',
);

const share = shareOption('I just gave to this campaign. Will you join me?');

const upgrade = describe(
  z.prefault(
    z.strictObject({
      enabled: boolean(true, 'Ask a one-off donor, once, to give monthly as well.'),
      ...rgUpgradeRule,
      minMonthly: describe(
        z._default(dollarsAmount, DEFAULT_AMOUNTS.monthly.min),
        'The smallest monthly gift suggested or accepted, in dollars.',
      ),
      maxMonthly: describe(
        z._default(dollarsAmount, DEFAULT_AMOUNTS.monthly.max),
        'The largest monthly gift accepted, in dollars; no ask is shown when the suggestion would be larger.',
      ),
      directDebit: boolean(false, 'Offer Australian direct debit as well as card on the monthly form.'),
      sourceCode: describe(z.optional(text(0, 40)), 'Source code recorded with monthly gifts made from the ask.'),
    }),
    {},
  ),
  'The regular-giving ask: "Could you give $X every month?", with a compact monthly donate form when accepted.',
);

const options = z.strictObject({
  campaign: describe(campaignId, 'The campaign id recorded with monthly gifts and events.'),
  currency,
  locale,
  variant: describe(
    z._default(z.enum(['standard', 'photography']), 'standard'),
    'standard: heading, receipt, share and ask; photography: the same under a full-width hero photograph.',
  ),
  photo,
  share,
  upgrade,
  urlParams: boolean(false, 'Show the gift from the amount, frequency and ref URL parameters when no gift was handed over.'),
  manageGiftUrl,
  contact,
  gateway: giftGatewayConfig('monthly gifts made from the ask'),
  botCheck: botCheckOption(
    "A Cloudflare Turnstile bot check on the monthly form the ask opens, as the donate form's botCheck: give it the same site key. A one-tap monthly gift on a kept card shows no check; when the endpoint wants one, the monthly form opens with it.",
  ),
  analytics: boolean(false, 'Push GA4-style events to window.dataLayer (never personal data).'),
  theme,
  messages: messageOverrides(THANK_YOU_MESSAGES),
});

export const thankYouSchema = options.check(
  // Checked even when other keys are wrong, so the error box lists a missing or stray photo with the rest.
  z.superRefine(
    (config: z.output<typeof options>, ctx) => {
      const {variant, photo} = config as {variant?: unknown; photo?: unknown};
      if (variant === 'photography' && photo === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['photo'],
          message: 'required with variant "photography": {src, srcset, width, height, alt, credit}',
        });
      }
      if (variant !== 'photography' && photo !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['photo'],
          message: 'only used with variant "photography": set the variant or remove the photo',
        });
      }
    },
    {when: (payload) => typeof payload.value === 'object' && payload.value !== null},
  ),
  z.superRefine((config: z.output<typeof options>, ctx) => {
    if (config.upgrade.minMonthly > config.upgrade.maxMonthly) {
      ctx.addIssue({
        code: 'custom',
        path: ['upgrade', 'minMonthly'],
        message: `expected minMonthly to be no more than maxMonthly (${config.upgrade.maxMonthly})`,
      });
    }
  }),
);

export type ThankYouConfigInput = z.input<typeof thankYouSchema>;
export type ThankYouConfig = z.output<typeof thankYouSchema>;
export type PhotoConfig = NonNullable<ThankYouConfig['photo']>;

export const parseThankYouConfig = (input: unknown): ParseResult<ThankYouConfig> => parseConfig(thankYouSchema, input);
