/**
 * The bot check's part in sending a gift: its token goes with the gift, once
 * (Turnstile's tokens are single-use), and a gift is held back only while the
 * check shows and has not passed yet.
 */
import type {ChargeResult, GiftIntent, TurnstileReport} from '../shared/gateways';

type BotCheckState = {status: 'loading'} | TurnstileReport;

/**
 * The check as the form last heard of it: `loading` until the widget shows,
 * then Turnstile's own reports. `reset` asks the widget for a fresh token.
 */
export type BotCheckSlot = {
  state: () => BotCheckState;
  report: (state: BotCheckState) => void;
  /** The shown widget's reset, or nothing once it is gone. */
  attach: (reset: (() => void) | null) => void;
  reset: () => void;
};

export function newBotCheckSlot(): BotCheckSlot {
  let state: BotCheckState = {status: 'loading'};
  let reset: (() => void) | null = null;
  return {
    state: () => state,
    report: (next) => {
      state = next;
    },
    attach: (next) => {
      reset = next;
    },
    reset: () => reset?.(),
  };
}

/** Asked to give while the check is showing and not passed: the same words as the endpoint's own refusal. */
const CHECK_FIRST: ChargeResult = {status: 'guarded', reason: 'bot-check'};

/**
 * The gift as it goes, with the check's token when there is one; or, while
 * the check shows without a token, the answer to give instead of sending.
 * With no widget (its script still loading, blocked or failed), the gift goes
 * without a token and the endpoint decides.
 */
export function withBotCheck(intent: GiftIntent, slot: BotCheckSlot | null): {send: GiftIntent} | {answer: ChargeResult} {
  if (slot === null) return {send: intent};
  const state = slot.state();
  if (state.status === 'ready') return {send: {...intent, botCheck: state.token}};
  if (state.status === 'waiting') return {answer: CHECK_FIRST};
  return {send: intent};
}
