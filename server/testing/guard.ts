/** Gift requests as the card-testing guard meets them: from a client address, with whatever headers the client adds. */
import {limitsFor} from '../../src/coral/contract/library';
import {parseCampaigns} from '../gifts';
import type {GuardSettings} from '../guard';
import {CAMPAIGN_CONFIGS, giftBody, newKey, ORIGIN, TEST_GUARD, type Answered} from './fixtures';

type Handler = (request: Request, context?: {clientAddress?: string | null}) => Promise<Response>;

export async function sendFrom(
  handler: Handler,
  address: string | null,
  body: unknown,
  {path = '/gifts', key = newKey(), headers = {}}: {path?: string; key?: string; headers?: Record<string, string>} = {},
): Promise<Answered> {
  const request = new Request(`https://coral.example.org${path}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', origin: ORIGIN, 'idempotency-key': key, ...headers},
    body: JSON.stringify(body),
  });
  const response = await handler(request, {clientAddress: address});
  return {status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers};
}

const REEF = parseCampaigns(CAMPAIGN_CONFIGS).get('save-the-reef')!;

/** The smallest one-off gift the campaign takes, from the `n`th supporter: what a card-testing run sends. */
export const smallestGift = (n: number, change: Record<string, unknown> = {}) =>
  giftBody({
    amount: limitsFor(REEF, 'one-off').min,
    supporter: {firstName: 'Test', lastName: `Supporter${n}`, email: `supporter${n}@example.org`, consent: false},
    ...change,
  });

/** The guard's defaults, keyed with the test-only secret, with `change`. */
export const guardWith = (change: Partial<GuardSettings>): GuardSettings => ({...TEST_GUARD, ...change});
