/**
 * The thank-you component's config schema: the one source of its types,
 * defaults, runtime checks and config reference. Amounts are in dollars.
 */
import * as z from 'zod';
import {DEFAULT_AMOUNTS, donateFormSchema} from '../donate-form/schema';
import {parseConfig, type ParseResult} from '../shared/config';
import {campaignId, gatewayConfig, locale, messageOverrides, safeUrl, theme} from '../shared/schemaParts';
import {THANK_YOU_MESSAGES} from './messages';

export const SHARE_CHANNELS = ['email', 'whatsapp', 'facebook', 'x', 'copy'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

// The upgrade rule's options come from the donate form's schema, so both components document and check them alike.
const donateShape = donateFormSchema.shape;
const rule = donateShape.rgUpgrade.unwrap().shape;

const dollarsAmount = z.number().positive().max(1_000_000).multipleOf(0.01);
const pixels = z.number().int().min(1).max(10_000);

const photo = z
  .strictObject({
    src: safeUrl.describe('The image browsers without srcset load: usually the middle size.'),
    srcset: z
      .array(
        z.strictObject({
          src: safeUrl.describe('One size of the photo.'),
          width: pixels.describe('Its width in pixels.'),
        }),
      )
      .min(1)
      .max(8)
      .refine((list) => new Set(list.map((s) => s.width)).size === list.length, {message: 'expected each width once'})
      .describe('Every size of the photo, e.g. [{"src":"/img/reef-480.webp","width":480}, …]; the browser picks the smallest that fills the space.'),
    sizes: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .default('100vw')
      .describe('How wide the photo shows, as the sizes attribute: the hero is full width, so 100vw unless the page is narrower.'),
    width: pixels.describe('The photo’s width in pixels (of any one size), so the page keeps its space before it loads.'),
    height: pixels.describe('The photo’s height in pixels, in the same size as width.'),
    alt: z.string().trim().max(250).describe('What the photo shows, for people who cannot see it.'),
    caption: z.string().trim().min(1).max(300).optional().describe('A line under the photo: where and what it is.'),
    credit: z.string().trim().min(1).max(120).describe('Who took or made the photo, e.g. "Photo: Jane Doe".'),
  })
  .optional()
  .describe('The hero photograph: required with variant "photography", refused otherwise.');

const share = z
  .strictObject({
    enabled: z.boolean().default(true).describe('Show the share actions.'),
    url: safeUrl
      .optional()
      .describe('The address to share, e.g. the campaign page. Defaults to this page without its query string, so no gift reference is shared.'),
    title: z.string().trim().min(1).max(120).default('Protect the Pacific with me').describe('The subject of the email, and the title the share sheet shows.'),
    text: z
      .string()
      .trim()
      .min(1)
      .max(280)
      .default('I just gave to protect the reefs and coasts of the Pacific. Will you join me?')
      .describe('What the message says before the link.'),
    channels: z
      .array(z.enum(SHARE_CHANNELS))
      .min(1)
      .refine((list) => new Set(list).size === list.length, {message: 'expected each channel once'})
      .default([...SHARE_CHANNELS])
      .describe('The share links offered, in order, when the device has no share sheet.'),
    native: z
      .boolean()
      .default(true)
      .describe('Offer the device’s own share sheet (navigator.share) instead of the links where the browser has one.'),
  })
  .prefault({})
  .describe('What supporters can share, and how.');

const upgrade = z
  .strictObject({
    enabled: z.boolean().default(true).describe('Ask a one-off donor, once, to give monthly as well.'),
    divisor: rule.divisor,
    roundTo: rule.roundTo,
    minMonthly: dollarsAmount.default(DEFAULT_AMOUNTS.monthly.min).describe('The smallest monthly gift suggested or accepted, in dollars.'),
    maxMonthly: dollarsAmount
      .default(DEFAULT_AMOUNTS.monthly.max)
      .describe('The largest monthly gift accepted, in dollars; no ask is shown when the suggestion would be larger.'),
    directDebit: z.boolean().default(false).describe('Offer Australian direct debit as well as card on the monthly form.'),
    sourceCode: z.string().trim().max(40).optional().describe('Source code recorded with monthly gifts made from the ask.'),
  })
  .prefault({})
  .describe('The regular-giving ask: "Could you give $X every month?", with a compact monthly donate form when accepted.');

export const thankYouSchema = z
  .strictObject({
    campaign: campaignId.describe('The campaign id recorded with monthly gifts and events.'),
    currency: donateShape.currency,
    locale,
    variant: z
      .enum(['standard', 'photography'])
      .default('standard')
      .describe('standard: heading, receipt, share and ask; photography: the same under a full-width hero photograph.'),
    photo,
    share,
    upgrade,
    urlParams: z
      .boolean()
      .default(false)
      .describe('Show the gift from the amount, frequency and ref URL parameters when no gift was handed over.'),
    gateway: gatewayConfig('monthly gifts made from the ask'),
    analytics: z.boolean().default(false).describe('Push GA4-style events to window.dataLayer (never personal data).'),
    theme,
    messages: messageOverrides(THANK_YOU_MESSAGES),
  })
  // Checked even when other keys are wrong, so the error box lists a missing or stray photo with the rest.
  .superRefine(
    (config, ctx) => {
      const {variant, photo} = config as {variant?: unknown; photo?: unknown};
      if (variant === 'photography' && photo === undefined) {
        ctx.addIssue({code: 'custom', path: ['photo'], message: 'required with variant "photography": {src, srcset, width, height, alt, credit}'});
      }
      if (variant !== 'photography' && photo !== undefined) {
        ctx.addIssue({code: 'custom', path: ['photo'], message: 'only used with variant "photography": set the variant or remove the photo'});
      }
    },
    {when: (payload) => typeof payload.value === 'object' && payload.value !== null},
  )
  .superRefine((config, ctx) => {
    if (config.upgrade.minMonthly > config.upgrade.maxMonthly) {
      ctx.addIssue({
        code: 'custom',
        path: ['upgrade', 'minMonthly'],
        message: `expected minMonthly to be no more than maxMonthly (${config.upgrade.maxMonthly})`,
      });
    }
  });

export type ThankYouConfigInput = z.input<typeof thankYouSchema>;
export type ThankYouConfig = z.output<typeof thankYouSchema>;
export type PhotoConfig = NonNullable<ThankYouConfig['photo']>;

export const parseThankYouConfig = (input: unknown): ParseResult<ThankYouConfig> => parseConfig(thankYouSchema, input);
