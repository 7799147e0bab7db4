/**
 * The powerform's config schema: petitions and action signups, and the short
 * `leads` variant. The one source of its types, defaults, runtime checks and
 * config reference.
 */
import * as z from 'zod/mini';
import {
  checkConfig,
  type CheckResult,
  campaignId,
  fieldMode,
  signupGatewayConfig,
  locale,
  messageOverrides,
  safeUrl,
  text,
  theme,
} from '../shared/config';
import {shareOption} from '../shared/share';
import {POWERFORM_MESSAGES} from './messages';

const questionId = (example: string) =>
  z.string().check(z.regex(/^[a-z][a-z0-9_]{0,31}$/, {message: `expected a short id like "${example}"`}));

const question = z.optional(
  z.discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('text'),
      id: questionId('why_it_matters'),
      label: text(1, 160),
      required: z._default(z.boolean(), false),
    }),
    z.strictObject({
      type: z.literal('choice'),
      id: questionId('local_beach'),
      label: text(1, 160),
      options: z.array(text(1, 80)).check(z.minLength(2), z.maxLength(8)),
      required: z._default(z.boolean(), false),
    }),
  ]),
);

const success = z.prefault(
  z.discriminatedUnion('type', [
    z.strictObject({type: z.literal('inline')}),
    z.strictObject({type: z.literal('redirect'), url: safeUrl}),
    z.strictObject({type: z.literal('daisychain'), url: safeUrl}),
  ]),
  {type: 'inline'},
);

const boolean = (fallback: boolean) => z._default(z.boolean(), fallback);
const field = (fallback: z.infer<typeof fieldMode>) => z._default(fieldMode, fallback);
const count = (fallback: number, min: number) => z._default(z.int().check(z.minimum(min), z.maximum(100_000_000)), fallback);

const share = shareOption('I just signed this petition. Will you add your name?');

const options = z.strictObject({
  campaign: campaignId,
  sourceCode: z.optional(text(0, 40)),
  variant: z._default(z.enum(['petition', 'leads']), 'petition'),
  locale,
  fields: z.prefault(
    z.strictObject({
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
  counter: z.prefault(
    z.strictObject({
      enabled: boolean(true),
      count: count(0, 0),
      goal: count(10_000, 1),
      url: z.optional(safeUrl),
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
  z.superRefine((config: z.output<typeof options>, ctx) => {
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

export type PowerformConfigInput = z.input<typeof powerformSchema>;
export type PowerformConfig = z.output<typeof powerformSchema>;

/** Checks a powerform config; a wrong one is explained by ../shared/configErrors, fetched when there is one to show. */
export const checkPowerformConfig = (input: unknown): CheckResult<PowerformConfig> => checkConfig(powerformSchema, input);
