/**
 * What a form tells a supporter when the endpoint's card-testing guard asks
 * them to wait: the wait in people's words, from the seconds it gave.
 */
import {plural} from '../basics';

export const GUARD_MESSAGES = {
  'retryWait.one': 'about {count} minute',
  'retryWait.other': 'about {count} minutes',
  retryWaitUnknown: 'a few minutes',
} as const;

type GuardMessages = Record<keyof typeof GUARD_MESSAGES, string>;

/** "about 3 minutes": whole minutes, rounded up, and never less than one; "a few minutes" when the endpoint did not say. */
export function retryWait(messages: GuardMessages, retryAfter: number | undefined, locale: string): string {
  if (retryAfter === undefined) return messages.retryWaitUnknown;
  return plural(messages, 'retryWait', Math.max(1, Math.ceil(retryAfter / 60)), locale);
}
