/**
 * The other values a machine writes into a request: a bot check's token, as Cloudflare Turnstile's widget hands it
 * to the form, a campaign's source code as organisations name them, and a one-off gift's reference and client
 * secret, in the shapes Stripe gives them (`pi_` and 24 characters; the client secret `_secret_` and 25 more).
 */
import fc from 'fast-check';
import {BASE64URL, chars, search} from './search';

const BASE62 = BASE64URL.slice(0, 62);

export const TURNSTILE_TOKENS: readonly string[] = search(
  chars(`${BASE64URL}.`, 600, 1000).map((token) => `0.${token}`),
  () => true,
  4,
  1,
);

export const SOURCE_CODES: readonly string[] = [
  'REEF-2026',
  'EOFY26-FB-PROSPECT',
  'DM_0426_A',
  'TY-UPGRADE',
  'SMS-20260630',
  '1202085123-CTRL',
];

/** A one-off gift's PaymentIntent and the client secret that proves it. */
export const FIRST_GIFTS: ReadonlyArray<{reference: string; clientSecret: string}> = search(
  fc
    .tuple(chars(BASE62, 23), chars(BASE62, 25))
    .map(([id, secret]) => ({reference: `pi_3${id}`, clientSecret: `pi_3${id}_secret_${secret}`})),
  () => true,
  4,
  2,
);
