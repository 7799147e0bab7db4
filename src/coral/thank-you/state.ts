/**
 * The thank-you page's state, its actions and its notices: the gift it thanks
 * the supporter for, and the monthly ask's progress with the one-tap gift on
 * its way. derive.ts reads decisions off these; machine.ts moves the ask.
 */
import {withOverrides} from '../shared/basics';
import {type Frequency, type Cents} from '../shared/money';
import type {ChargeResult, OneTap, UpgradeAsk} from '../shared/gateways';
import type {ShareMethod, ShareOutcome} from '../shared/share';
import {THANK_YOU_MESSAGES, type ThankYouMessages} from './messages';
import type {ThankYouConfig} from './schema';

export const messagesFor = (config: ThankYouConfig): ThankYouMessages => withOverrides(THANK_YOU_MESSAGES, config.messages);

/** The gift the page thanks the supporter for. Amounts in cents; a value not known is null. */
export type Receipt = {
  source: 'handoff' | 'url';
  amount: Cents | null;
  currency: string;
  frequency: Frequency | null;
  reference: string | null;
  /** ISO date-time, known only from a hand-off. */
  date: string | null;
  /** Known only from a hand-off: a name in a URL could be anyone's, typed by anyone. */
  firstName: string | null;
  /** Known only from a hand-off: the card was kept for this monthly gift, which the ask may then start in one tap. */
  oneTap: OneTap | null;
};

export type GiftParams = {amount?: Cents; frequency?: Frequency; reference?: string};

/** What the page read once it was in the browser, and the address its share actions share. */
export type Gift = {receipt: Receipt | null; pageHref: string};

export type UpgradeOffer = {oneOff: Cents; monthly: Cents};

/**
 * The ask's progress. Accepted, it opens the monthly form; or, when the
 * one-off gift kept its card (`oneTap`), it starts the monthly gift on that
 * card at once (`charging`), which ends `upgraded`, back at the form when the
 * card was refused or the endpoint wants a bot check first (`refused`:
 * nothing was charged), `limited` when the endpoint asks the supporter to
 * wait (the ask stays, for a tap once the wait is over), `busy` when the
 * endpoint is making it for another tap (a try again sends the same key, so
 * it meets that gift), or `unconfirmed` when no answer came, since a second
 * try could then start a second gift.
 */
export type UpgradeState =
  | {status: 'none'}
  | {status: 'shown' | 'declined' | 'charging' | 'busy' | 'unconfirmed'; offer: UpgradeOffer}
  | {status: 'accepted'; offer: UpgradeOffer; refused?: 'card' | 'bot-check'}
  | {status: 'limited'; offer: UpgradeOffer; retryAfter?: number}
  | {status: 'upgraded'; offer: UpgradeOffer; reference: string};
export type UpgradeAction =
  {type: 'accept'; oneTap: boolean} | {type: 'decline'} | {type: 'retry'} | {type: 'charged'; result: ChargeResult};

export const initialUpgrade = (offer: UpgradeOffer | null, declinedBefore: boolean): UpgradeState =>
  offer === null ? {status: 'none'} : {status: declinedBefore ? 'declined' : 'shown', offer};

/** The one-tap monthly gift on its way, as the shared sender takes it: what the gateway gets, under which key. */
export type PendingUpgrade = {payload: UpgradeAsk; key: string};

export type ThankYouState = {
  upgrade: UpgradeState;
  /** Set while a one-tap gift is on its way, or held by another tap; an answer counts only under its key. */
  pending: PendingUpgrade | null;
};

export type Action =
  /** The gift was read, after hydration: the ask starts as `upgrade`. */
  | {type: 'open'; upgrade: UpgradeState}
  /** `ask` is the one-tap gift on the kept card, or null when the monthly form opens; `key` is a fresh idempotency key. */
  | {type: 'accept'; ask: UpgradeAsk | null; key: string}
  | {type: 'decline'}
  /** Sends the held one-tap gift again, under its key. */
  | {type: 'retry'}
  | {type: 'charged'; key: string; result: ChargeResult};

export const initialState: ThankYouState = {upgrade: {status: 'none'}, pending: null};

/** The heading elements the view may use, by the level the page gives it. */
export type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4';

/** What happened, as the page is told. */
export type Notice =
  | {type: 'view'; receipt: Receipt | null}
  | {type: 'share'; method: ShareMethod; outcome: ShareOutcome}
  | {type: 'upsell'; action: 'shown' | 'accepted' | 'declined'; offer: UpgradeOffer};
