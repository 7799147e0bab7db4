/**
 * The powerform's config schema: petitions and action signups, and the short
 * `leads` variant. The one source of its types, defaults, runtime checks and
 * config reference.
 */
import * as z from 'zod/mini';
import {parseConfig, type ParseResult} from '../shared/config';
import {shareOption} from '../shared/share/share';
import {campaignId, describe, fieldMode, signupGatewayConfig, locale, messageOverrides, safeUrl, text, theme} from '../shared/schemaParts';
import {POWERFORM_MESSAGES} from './messages';

const questionId = (example: string) =>
  z.string().check(z.regex(/^[a-z][a-z0-9_]{0,31}$/, {message: `expected a short id like "${example}"`}));

const question = describe(
  z.optional(
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
  ),
  'One extra question: {"type":"text"} for a short answer or {"type":"choice","options":[…]} for radio buttons.',
);

const success = describe(
  z.prefault(
    z.discriminatedUnion('type', [
      z.strictObject({type: z.literal('inline')}),
      z.strictObject({type: z.literal('redirect'), url: safeUrl}),
      z.strictObject({type: z.literal('daisychain'), url: safeUrl}),
    ]),
    {type: 'inline'},
  ),
  'After signing: {"type":"inline"} thanks the signer in place; {"type":"redirect","url":…} goes to a page; {"type":"daisychain","url":…} hands the signer to a donate form page.',
);

const boolean = (fallback: boolean, description: string) => describe(z._default(z.boolean(), fallback), description);
const field = (fallback: z.infer<typeof fieldMode>, description: string) => describe(z._default(fieldMode, fallback), description);
const count = (fallback: number, min: number, description: string) =>
  describe(z._default(z.int().check(z.minimum(min), z.maximum(100_000_000)), fallback), description);

const share = shareOption('I just signed this petition. Will you add your name?');

const options = z.strictObject({
  campaign: describe(campaignId, 'The campaign id recorded with every signature.'),
  sourceCode: describe(z.optional(text(0, 40)), 'Lead source code recorded with every signature, for reporting.'),
  variant: describe(
    z._default(z.enum(['petition', 'leads']), 'petition'),
    'petition: the full signup with its counter; leads: the shortest form, for lead generation.',
  ),
  locale,
  fields: describe(
    z.prefault(
      z.strictObject({
        firstName: field('required', 'First name field.'),
        lastName: field('optional', 'Last name field.'),
        email: field('required', 'Email field.'),
        phone: field('optional', 'Mobile field (AU and NZ numbers).'),
        postcode: field('required', 'Postcode field.'),
      }),
      {},
    ),
    'Which fields are required, optional or hidden.',
  ),
  consentRequired: boolean(false, 'Make the consent box required to sign. It always starts unticked.'),
  question,
  counter: describe(
    z.prefault(
      z.strictObject({
        enabled: boolean(true, 'Show the signature counter and progress bar.'),
        count: count(0, 0, 'Signatures so far, when the page was published: shown until the live count arrives, and whenever it cannot.'),
        goal: count(10_000, 1, 'The goal the progress bar fills towards.'),
        url: describe(
          z.optional(safeUrl),
          'Where to read the live count: an https address or a path on the page\'s own site (http only for localhost), answering GET with {"campaign": "<campaign>", "count": N}, such as the reference endpoint\'s /campaigns/<campaign>/count. Read once as the form loads, without cookies; an answer for another campaign, an error or no answer within 8 s leaves count showing.',
        ),
      }),
      {},
    ),
    'The signature counter.',
  ),
  gateway: signupGatewayConfig('signatures'),
  success,
  share,
  updateTitle: boolean(
    true,
    "Let the form put Error: before the page's title while its error summary shows, as the browser tab and screen readers name the page. The page's own title comes back once the problems are fixed. Turn it off where nothing but the page may set its title.",
  ),
  urlParams: boolean(false, 'Prefill names, email, phone and postcode, and carry utm parameters, from the URL.'),
  analytics: boolean(false, 'Push GA4-style events to window.dataLayer (never personal data).'),
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

export const parsePowerformConfig = (input: unknown): ParseResult<PowerformConfig> => parseConfig(powerformSchema, input);
