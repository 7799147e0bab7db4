/**
 * The thank-you component's config schema: the one source of its types,
 * defaults, runtime checks and config reference. Amounts are in dollars.
 */
import * as zod from 'zod/mini';
import {
  currency,
  DEFAULT_AMOUNTS,
  dollarsAmount,
  rgUpgradeRule,
  checkConfig,
  type CheckResult,
  campaignId,
  giftOptions,
  locale,
  messageOverrides,
  safeUrl,
  text,
  theme,
} from '../shared/config';
import {shareOption} from '../shared/share';
import {THANK_YOU_MESSAGES} from './messages';

export {SHARE_CHANNELS, type ShareChannel} from '../shared/share';

const pixels = zod.int().check(zod.minimum(1), zod.maximum(10_000));
const boolean = (fallback: boolean) => zod._default(zod.boolean(), fallback);

const photo = zod.optional(
  zod.strictObject({
    src: safeUrl,
    srcset: zod
      .array(
        zod.strictObject({
          src: safeUrl,
          width: pixels,
        }),
      )
      .check(
        zod.minLength(1),
        zod.maxLength(8),
        zod.refine((list) => new Set(list.map((s) => s.width)).size === list.length, {message: 'expected each width once'}),
      ),
    sizes: zod._default(text(1, 200), '100vw'),
    width: pixels,
    height: pixels,
    alt: text(0, 250),
    caption: zod.optional(text(1, 300)),
    credit: text(1, 120),
  }),
);

const share = shareOption('I just gave to this campaign. Will you join me?');

const upgrade = zod.prefault(
  zod.strictObject({
    enabled: boolean(true),
    ...rgUpgradeRule,
    minMonthly: zod._default(dollarsAmount, DEFAULT_AMOUNTS.monthly.min),
    maxMonthly: zod._default(dollarsAmount, DEFAULT_AMOUNTS.monthly.max),
    directDebit: boolean(false),
    sourceCode: zod.optional(text(0, 40)),
  }),
  {},
);

const options = zod.strictObject({
  campaign: campaignId,
  currency,
  locale,
  variant: zod._default(zod.enum(['standard', 'photography']), 'standard'),
  photo,
  share,
  upgrade,
  urlParams: boolean(false),
  ...giftOptions(),
  analytics: boolean(false),
  theme,
  messages: messageOverrides(THANK_YOU_MESSAGES),
});

export const thankYouSchema = options.check(
  // Checked even when other keys are wrong, so the error box lists a missing or stray photo with the rest.
  zod.superRefine(
    (config: zod.output<typeof options>, ctx) => {
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
  zod.superRefine((config: zod.output<typeof options>, ctx) => {
    if (config.upgrade.minMonthly > config.upgrade.maxMonthly) {
      ctx.addIssue({
        code: 'custom',
        path: ['upgrade', 'minMonthly'],
        message: `expected minMonthly to be no more than maxMonthly (${config.upgrade.maxMonthly})`,
      });
    }
  }),
);

export type ThankYouConfigInput = zod.input<typeof thankYouSchema>;
export type ThankYouConfig = zod.output<typeof thankYouSchema>;
export type PhotoConfig = NonNullable<ThankYouConfig['photo']>;

/** Checks a thank-you page config; a wrong one is explained by ../shared/configErrors, fetched when there is one to show. */
export const checkThankYouConfig = (input: unknown): CheckResult<ThankYouConfig> => checkConfig(thankYouSchema, input);
