/**
 * Reading the live signature count from the organisation's endpoint:
 * `GET <url>` answers `{"campaign": "<id>", "count": N}`. Every failure is a
 * reason for the page's developer; the counter then keeps its configured count.
 */
import {campaignCountSchema} from '../contract';
import {accept, refuse, type Check} from '../shared/basics';

/** Long enough for a slow mobile connection, short enough that a hung endpoint holds nothing open. */
export const LIVE_COUNT_TIMEOUT_MS = 8_000;

/** What the console says when the count cannot be used: the page's developer reads it, never the signer. */
export const liveCountWarning = (url: string, reason: string): string =>
  `Coral: ignored the powerform's live count from ${url}: it ${reason}. The counter shows its configured count.`;

/** The count in an answer, if the answer is well formed and speaks of this campaign. */
export function readLiveCount(body: unknown, campaign: string): Check<number> {
  const parsed = campaignCountSchema.safeParse(body);
  if (!parsed.success) return refuse('answered without a campaign and a whole count of 0 or more');
  if (parsed.data.campaign !== campaign) {
    return refuse(`answered for campaign ${JSON.stringify(parsed.data.campaign.slice(0, 64))}, not "${campaign}"`);
  }
  return accept(parsed.data.count);
}

/**
 * Asks `url` for the count, without cookies or a referrer (the count is
 * public, and the page's address may carry a signer's prefilled details),
 * letting the browser's cache serve a fresh answer. `signal` cancels it, e.g.
 * when the form goes; no answer within `timeoutMs` is a failure.
 */
export async function fetchLiveCount(
  url: string,
  campaign: string,
  {signal, timeoutMs = LIVE_COUNT_TIMEOUT_MS}: {signal?: AbortSignal; timeoutMs?: number} = {},
): Promise<Check<number>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel);
  const failed = (reason: string) =>
    refuse(signal?.aborted ? 'was cancelled' : controller.signal.aborted ? `did not answer within ${timeoutMs / 1000} s` : reason);
  try {
    const response = await fetch(url, {
      headers: {Accept: 'application/json'},
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'default',
      signal: controller.signal,
    });
    if (!response.ok) return refuse(`answered ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return failed('answered with something other than JSON');
    }
    return readLiveCount(body, campaign);
  } catch {
    return failed('could not be reached (offline, or no CORS header for this page)');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}
