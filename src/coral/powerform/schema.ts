/**
 * The powerform's config schema: petitions and action signups, and the short
 * `leads` variant. The one source of its types, defaults, runtime checks and
 * config reference.
 */
import * as z from 'zod';
import {parseConfig, type ParseResult} from '../shared/config';
import {campaignId, fieldMode, gatewayConfig, locale, messageOverrides, safeUrl, theme} from '../shared/schemaParts';
import {POWERFORM_MESSAGES} from './messages';

const question = z
  .discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('text'),
      id: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, {message: 'expected a short id like "why_it_matters"'}),
      label: z.string().trim().min(1).max(160),
      required: z.boolean().default(false),
    }),
    z.strictObject({
      type: z.literal('choice'),
      id: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, {message: 'expected a short id like "local_beach"'}),
      label: z.string().trim().min(1).max(160),
      options: z.array(z.string().trim().min(1).max(80)).min(2).max(8),
      required: z.boolean().default(false),
    }),
  ])
  .optional()
  .describe('One extra question: {"type":"text"} for a short answer or {"type":"choice","options":[…]} for radio buttons.');

const success = z
  .discriminatedUnion('type', [
    z.strictObject({type: z.literal('inline')}),
    z.strictObject({type: z.literal('redirect'), url: safeUrl}),
    z.strictObject({type: z.literal('daisychain'), url: safeUrl}),
  ])
  .prefault({type: 'inline'})
  .describe(
    'After signing: {"type":"inline"} thanks the signer in place; {"type":"redirect","url":…} goes to a page; {"type":"daisychain","url":…} hands the signer to a donate form page.',
  );

export const powerformSchema = z
  .strictObject({
    campaign: campaignId.describe('The campaign id recorded with every signature.'),
    sourceCode: z.string().trim().max(40).optional().describe('Lead source code recorded with every signature, for reporting.'),
    variant: z
      .enum(['petition', 'leads'])
      .default('petition')
      .describe('petition: the full signup with its counter; leads: the shortest form, for lead generation.'),
    locale,
    fields: z
      .strictObject({
        firstName: fieldMode.default('required').describe('First name field.'),
        lastName: fieldMode.default('optional').describe('Last name field.'),
        email: fieldMode.default('required').describe('Email field.'),
        phone: fieldMode.default('optional').describe('Mobile field (AU and NZ numbers).'),
        postcode: fieldMode.default('required').describe('Postcode field.'),
      })
      .prefault({})
      .describe('Which fields are required, optional or hidden.'),
    consentRequired: z
      .boolean()
      .default(false)
      .describe('Make the consent box required to sign. It always starts unticked.'),
    question,
    counter: z
      .strictObject({
        enabled: z.boolean().default(true).describe('Show the signature counter and progress bar.'),
        count: z.number().int().min(0).max(100_000_000).default(0).describe('Signatures so far, when the page was published.'),
        goal: z.number().int().min(1).max(100_000_000).default(10_000).describe('The goal the progress bar fills towards.'),
      })
      .prefault({})
      .describe('The signature counter.'),
    gateway: gatewayConfig('signatures'),
    success,
    urlParams: z.boolean().default(false).describe('Prefill names, email, phone and postcode, and carry utm parameters, from the URL.'),
    analytics: z.boolean().default(false).describe('Push GA4-style events to window.dataLayer (never personal data).'),
    theme,
    messages: messageOverrides(POWERFORM_MESSAGES),
  })
  .superRefine((config, ctx) => {
    if (config.fields.email === 'hidden') {
      ctx.addIssue({code: 'custom', path: ['fields', 'email'], message: 'expected required or optional: a signature needs a way to reach the signer'});
    }
    if (config.success.type === 'daisychain' && config.fields.firstName === 'hidden') {
      ctx.addIssue({
        code: 'custom',
        path: ['fields', 'firstName'],
        message: 'expected required or optional: the daisychain greets the signer by first name',
      });
    }
    if (config.variant === 'leads') {
      for (const field of ['lastName', 'phone'] as const) {
        if (config.fields[field] !== 'hidden') {
          ctx.addIssue({
            code: 'custom',
            path: ['fields', field],
            message: 'expected hidden: the leads form asks only for email, first name and postcode',
          });
        }
      }
      if (config.question) {
        ctx.addIssue({code: 'custom', path: ['question'], message: 'expected no extra question on the leads form'});
      }
    }
  });

export type PowerformConfigInput = z.input<typeof powerformSchema>;
export type PowerformConfig = z.output<typeof powerformSchema>;

export const parsePowerformConfig = (input: unknown): ParseResult<PowerformConfig> => parseConfig(powerformSchema, input);
