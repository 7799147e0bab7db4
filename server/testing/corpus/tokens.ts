/**
 * The other values a machine writes into a request: a bot check's token, as Cloudflare Turnstile's widget hands it
 * to the form, a campaign's source code as organisations name them, and a one-off gift's reference and client
 * secret, in the shapes Stripe gives them (`pi_` and 24 characters; the client secret `_secret_` and 25 more).
 */
import {BASE64URL, drawn, search, seeded} from './search';

const next = seeded(0x70c3);
const BASE62 = BASE64URL.slice(0, 62);

export const TURNSTILE_TOKENS: readonly string[] = search(
  () => `0.${drawn(next, `${BASE64URL}.`, 600 + Math.floor(next() * 400))}`,
  () => true,
  4,
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
  () => `pi_3${drawn(next, BASE62, 23)}`,
  () => true,
  4,
).map((reference) => ({reference, clientSecret: `${reference}_secret_${drawn(next, BASE62, 25)}`}));
