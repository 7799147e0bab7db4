/**
 * The powerform's config schema: petitions and action signups, and the short
 * `leads` variant. The one source of its types, defaults, runtime checks and
 * config reference.
 */
import * as zod from 'zod/mini';
import {
  checkConfig,
  type CheckResult,
  campaignId,
  fieldMode,
  signupGatewayConfig,
  locale,
  countries,
  messageOverrides,
  safeUrl,
  text,
  theme,
} from '../shared/config';
import {shareOption} from '../shared/share';
import {POWERFORM_MESSAGES} from './messages';

const questionId = (example: string) =>
  zod.string().check(zod.regex(/^[a-z][a-z0-9_]{0,31}$/, {message: `expected a short id like "${example}"`}));

const question = zod.optional(
  zod.discriminatedUnion('type', [
    zod.strictObject({
      type: zod.literal('text'),
      id: questionId('why_it_matters'),
      label: text(1, 160),
      required: zod._default(zod.boolean(), false),
    }),
    zod.strictObject({
      type: zod.literal('choice'),
      id: questionId('local_beach'),
      label: text(1, 160),
      options: zod.array(text(1, 80)).check(zod.minLength(2), zod.maxLength(8)),
      required: zod._default(zod.boolean(), false),
    }),
  ]),
);

const success = zod.prefault(
  zod.discriminatedUnion('type', [
    zod.strictObject({type: zod.literal('inline')}),
    zod.strictObject({type: zod.literal('redirect'), url: safeUrl}),
    zod.strictObject({type: zod.literal('daisychain'), url: safeUrl}),
  ]),
  {type: 'inline'},
);

const boolean = (fallback: boolean) => zod._default(zod.boolean(), fallback);
const field = (fallback: zod.infer<typeof fieldMode>) => zod._default(fieldMode, fallback);
const count = (fallback: number, min: number) => zod._default(zod.int().check(zod.minimum(min), zod.maximum(100_000_000)), fallback);

const share = shareOption('I just signed this petition. Will you add your name?');

const options = zod.strictObject({
  campaign: campaignId,
  sourceCode: zod.optional(text(0, 40)),
  variant: zod._default(zod.enum(['petition', 'leads']), 'petition'),
  locale,
  countries,
  fields: zod.prefault(
    zod.strictObject({
      firstName: field('required'),
      lastName: field('optional'),
      email: field('required'),
      phone: field('optional'),
      postcode: field('required'),
    }),
    {},
  ),
  consentRequired: boolean(false),
  question,
  counter: zod.prefault(
    zod.strictObject({
      enabled: boolean(true),
      count: count(0, 0),
      goal: count(10_000, 1),
      url: zod.optional(safeUrl),
    }),
    {},
  ),
  gateway: signupGatewayConfig(),
  success,
  share,
  updateTitle: boolean(true),
  urlParams: boolean(false),
  analytics: boolean(false),
  theme,
  messages: messageOverrides(POWERFORM_MESSAGES, ['intro']),
});

export const powerformSchema = options.check(
  zod.superRefine((config: zod.output<typeof options>, ctx) => {
    if (config.fields.email === 'hidden') {
      ctx.addIssue({
        code: 'custom',
        path: ['fields', 'email'],
        message: 'expected required or optional: a signature needs a way to reach the signer',
      });
    }
    if (config.success.type === 'daisychain' && config.fields.firstName === 'hidden') {
      ctx.addIssue({
        code: 'custom',
        path: ['fields', 'firstName'],
        message: 'expected required or optional: the daisychain greets the signer by first name',
      });
    }
    if (config.variant === 'leads') {
      for (const name of ['lastName', 'phone'] as const) {
        if (config.fields[name] !== 'hidden') {
          ctx.addIssue({
            code: 'custom',
            path: ['fields', name],
            message: 'expected hidden: the leads form asks only for email, first name and postcode',
          });
        }
      }
      if (config.question) {
        ctx.addIssue({code: 'custom', path: ['question'], message: 'expected no extra question on the leads form'});
      }
    }
  }),
);

export type PowerformConfigInput = zod.input<typeof powerformSchema>;
export type PowerformConfig = zod.output<typeof powerformSchema>;

/** Checks a powerform config; a wrong one is explained by ../shared/configErrors, fetched when there is one to show. */
export const checkPowerformConfig = (input: unknown): CheckResult<PowerformConfig> => checkConfig(powerformSchema, input);
