/** Config pieces every component's schema shares, so each is checked and documented the same way. */
import * as z from 'zod';

/** http(s) URLs or site-relative paths only: never `javascript:` or `data:`. */
export const safeUrl = z
  .string()
  .trim()
  .refine((value) => /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i.test(value), {
    message: 'expected an https:// address or a path starting with /',
  });

export const campaignId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,63}$/i, {message: 'expected letters, digits and dashes, e.g. "save-the-reef"'});

export const fieldMode = z.enum(['required', 'optional', 'hidden']);

export const locale = z
  .string()
  .refine(
    (tag) => {
      try {
        return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0;
      } catch {
        return false;
      }
    },
    {message: 'expected a locale tag such as en-AU or en-NZ'},
  )
  .default('en-AU')
  .describe('Locale for numbers, amounts and dates.');

export const theme = z
  .enum(['auto', 'light', 'dark'])
  .default('auto')
  .describe('Colour scheme when embedded; on this site it follows the site.');

/** Where submissions go: the in-browser sandbox, or JSON posted to an endpoint. */
export const gatewayConfig = (what: string) =>
  z
    .discriminatedUnion('type', [
      z.strictObject({
        type: z.literal('sandbox'),
        delayMs: z.number().int().min(0).max(10_000).default(900),
      }),
      z.strictObject({
        type: z.literal('http'),
        endpoint: safeUrl,
        timeoutMs: z.number().int().min(1_000).max(120_000).default(15_000),
      }),
    ])
    .prefault({type: 'sandbox'})
    .describe(`Where ${what} go: {"type":"sandbox"} runs in the browser and sends nothing; {"type":"http","endpoint":"…"} posts JSON.`);

/** Message overrides for a component: every key of its table, each optional. */
export function messageOverrides<K extends string>(table: Readonly<Record<K, string>>) {
  return z
    .strictObject(
      Object.fromEntries(
        (Object.entries(table) as [K, string][]).map(([key, text]) => [
          key,
          z.string().min(1).max(400).optional().describe(`Default: "${text}"`),
        ]),
      ) as Record<K, z.ZodOptional<z.ZodString>>,
    )
    // Every key is optional, so {} is a valid input; TypeScript cannot see that through the generic keys.
    .prefault({} as never)
    .describe('Replace any sentence the supporter reads; keys are listed under Messages.');
}
