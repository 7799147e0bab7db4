/**
 * The thank-you component's rules, apart from React: which gift to show, the
 * share links, and whether and how to ask for a monthly gift.
 */
import type {GiftHandoff, HandoffStorage, ReadResult} from '../daisychain/handoff';
import {MANAGE_GIFT_MESSAGES} from '../shared/manageGift/messages';
import {rgUpgradeSuggestion} from '../shared/upgrade';
import type {DonateFormConfigInput} from '../donate-form/schema';
import type {ChargeResult} from '../shared/gateway';
import {FREQUENCIES, type Frequency} from '../shared/frequency';
import {withOverrides} from '../shared/form/machine';
import {dollars, formatMoney, parseAmount, type Cents} from '../shared/money';
import {accept, refuse} from '../shared/result';
import {fill} from '../shared/template';
import {paramReader} from '../shared/urlParams';
import {THANK_YOU_MESSAGES, type ThankYouMessages} from './messages';
import type {ThankYouConfig} from './schema';

export const messagesFor = (config: ThankYouConfig): ThankYouMessages => withOverrides(THANK_YOU_MESSAGES, config.messages);

// ——— the gift ———

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
  /** Known only from a hand-off: the card was kept for a monthly gift, which this token lets the ask start in one tap. */
  upgradeToken: string | null;
};

export type GiftParams = {amount?: Cents; frequency?: Frequency; reference?: string};

const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const MAX_AMOUNT = dollars(1_000_000);

/** Reads amount, frequency and ref, each checked like typed input; a bad one is dropped with a warning. */
export function parseGiftParams(search: string | URLSearchParams): {values: GiftParams; warnings: string[]} {
  const values: GiftParams = {};
  const {take, warnings} = paramReader(search);
  take(
    'amount',
    (text) => {
      const parsed = parseAmount(text);
      return parsed.ok && parsed.value > MAX_AMOUNT ? refuse('expected at most 1,000,000') : parsed;
    },
    (v) => (values.amount = v),
  );
  take(
    'frequency',
    (text) =>
      (FREQUENCIES as readonly string[]).includes(text) ? accept(text as Frequency) : refuse(`expected one of ${FREQUENCIES.join(', ')}`),
    (v) => (values.frequency = v),
  );
  take(
    'ref',
    (text) => (REFERENCE.test(text) ? accept(text) : refuse('expected up to 64 letters, digits, dashes or underscores')),
    (v) => (values.reference = v),
  );
  return {values, warnings};
}

/**
 * The gift to show: a hand-off from the donate form first (it is the whole
 * summary, and the only source of a first name), else what the URL says,
 * else nothing, and the page gives a general thanks.
 */
export function resolveReceipt(handoff: ReadResult<GiftHandoff> | null, params: GiftParams | null, currency: string): Receipt | null {
  if (handoff?.ok) {
    const gift = handoff.data;
    return {
      source: 'handoff',
      amount: gift.amount,
      currency: gift.currency,
      frequency: gift.frequency,
      reference: gift.reference,
      date: gift.date,
      firstName: gift.firstName ?? null,
      upgradeToken: gift.upgradeToken ?? null,
    };
  }
  if (params && (params.amount !== undefined || params.frequency !== undefined || params.reference !== undefined)) {
    return {
      source: 'url',
      amount: params.amount ?? null,
      currency,
      frequency: params.frequency ?? null,
      reference: params.reference ?? null,
      date: null,
      firstName: null,
      upgradeToken: null,
    };
  }
  return null;
}

export const headingOf = (receipt: Receipt | null, messages: ThankYouMessages): string =>
  receipt?.firstName ? fill(messages.heading, {name: receipt.firstName}) : messages.headingNoName;

export type ReceiptRow = {key: 'amount' | 'frequency' | 'reference' | 'date'; label: string; value: string};

/** The receipt as label–value rows, leaving out what is not known. */
export function receiptRows(receipt: Receipt, messages: ThankYouMessages, locale: string): ReceiptRow[] {
  const rows: ReceiptRow[] = [];
  if (receipt.amount !== null) {
    rows.push({key: 'amount', label: messages.receiptAmount, value: formatMoney(receipt.amount, {locale, currency: receipt.currency})});
  }
  if (receipt.frequency !== null) {
    rows.push({key: 'frequency', label: messages.receiptFrequency, value: messages[`frequency.${receipt.frequency}`]});
  }
  if (receipt.reference !== null) rows.push({key: 'reference', label: messages.receiptReference, value: receipt.reference});
  if (receipt.date !== null) {
    rows.push({
      key: 'date',
      label: messages.receiptDate,
      value: new Intl.DateTimeFormat(locale, {dateStyle: 'long'}).format(new Date(receipt.date)),
    });
  }
  return rows;
}

// ——— the monthly ask ———

export type UpgradeOffer = {oneOff: Cents; monthly: Cents};

/**
 * The monthly gift to suggest, by the donate form's own rule, or null when no
 * ask fits: the ask is off, the gift is not a known one-off amount, it was in
 * another currency, or the suggestion is over the monthly maximum.
 */
export function upgradeOffer(config: ThankYouConfig, receipt: Receipt | null): UpgradeOffer | null {
  const {upgrade} = config;
  if (!upgrade.enabled || !receipt || receipt.amount === null || receipt.frequency !== 'one-off') return null;
  if (receipt.currency !== config.currency) return null;
  const monthly = rgUpgradeSuggestion(receipt.amount, upgrade, {min: dollars(upgrade.minMonthly), max: dollars(upgrade.maxMonthly)});
  return monthly === null ? null : {oneOff: receipt.amount, monthly};
}

/**
 * The ask's progress. Accepted, it opens the monthly form; or, when the
 * one-off gift kept its card (`oneTap`), it starts the monthly gift on that
 * card at once (`charging`), which ends `upgraded`, back at the form when the
 * card was refused or the endpoint wants a bot check first (`refused`:
 * nothing was charged), `limited` when the endpoint asks the supporter to
 * wait (the ask stays, for a tap once the wait is over), or `unconfirmed`
 * when no answer came, since a second try could then start a second gift.
 */
export type UpgradeState =
  | {status: 'none'}
  | {status: 'shown' | 'declined' | 'charging' | 'unconfirmed'; offer: UpgradeOffer}
  | {status: 'accepted'; offer: UpgradeOffer; refused?: 'card' | 'bot-check'}
  | {status: 'limited'; offer: UpgradeOffer; retryAfter?: number}
  | {status: 'upgraded'; offer: UpgradeOffer; reference: string};
export type UpgradeAction = {type: 'accept'; oneTap: boolean} | {type: 'decline'} | {type: 'charged'; result: ChargeResult};

export const initialUpgrade = (offer: UpgradeOffer | null, declinedBefore: boolean): UpgradeState =>
  offer === null ? {status: 'none'} : {status: declinedBefore ? 'declined' : 'shown', offer};

/** What the one-tap monthly gift's answer makes of the ask. */
function afterCharge(offer: UpgradeOffer, result: ChargeResult): UpgradeState {
  switch (result.status) {
    case 'approved':
      return {status: 'upgraded', offer, reference: result.reference};
    case 'declined':
      return {status: 'accepted', offer, refused: 'card'};
    case 'guarded':
      return result.reason === 'bot-check'
        ? {status: 'accepted', offer, refused: 'bot-check'}
        : {status: 'limited', offer, ...(result.retryAfter === undefined ? {} : {retryAfter: result.retryAfter})};
    case 'error':
      return result.outcome === 'not-charged' ? {status: 'accepted', offer, refused: 'card'} : {status: 'unconfirmed', offer};
    default:
      return {status: 'unconfirmed', offer};
  }
}

/** Shown → accepted (or charging, in one tap) or declined; an answer is final, so a second click changes nothing. */
export function reduceUpgrade(state: UpgradeState, action: UpgradeAction): UpgradeState {
  if (state.status === 'none') return state;
  const {offer} = state;
  if (action.type === 'charged') return state.status === 'charging' ? afterCharge(offer, action.result) : state;
  // Asked to wait, the supporter may tap again later, or say no after all.
  if (state.status !== 'shown' && state.status !== 'limited') return state;
  if (action.type === 'decline') return {status: 'declined', offer};
  return {status: action.oneTap ? 'charging' : 'accepted', offer};
}

/** Where declined asks are kept for the browser session: gift references or amounts, never anything personal. */
export const DECLINED_KEY = 'coral.thankyou.declined';

/**
 * Gifts whose ask was declined, so it is not asked again: not when the
 * component mounts again, and not after a reload, for as long as the browser
 * session keeps `storage`. Storage that is missing, blocked or holds garbage
 * leaves the memory to this page.
 */
export function createDeclinedMemory(storage: () => HandoffStorage | null = () => null) {
  const declined = new Set<string>();
  const stored = (): string[] => {
    try {
      const list: unknown = JSON.parse(storage()?.getItem(DECLINED_KEY) ?? '[]');
      return Array.isArray(list) ? list.filter((key): key is string => typeof key === 'string') : [];
    } catch {
      return [];
    }
  };
  return {
    has: (key: string) => declined.has(key) || stored().includes(key),
    add: (key: string) => {
      declined.add(key);
      try {
        // The last few are plenty: a session sees few gifts.
        storage()?.setItem(DECLINED_KEY, JSON.stringify([...new Set([...stored(), key])].slice(-20)));
      } catch {
        // Storage full or blocked: this page still remembers.
      }
    },
  };
}

/** Which gift an answer belongs to: its reference, or its amount and frequency when it has none. */
export const giftKey = (receipt: Receipt): string => receipt.reference ?? `${receipt.amount ?? ''}/${receipt.frequency ?? ''}`;

/** The page's words for changing or cancelling a gift, which its monthly form says too. */
const manageGiftMessages = (messages: ThankYouMessages) =>
  Object.fromEntries((Object.keys(MANAGE_GIFT_MESSAGES) as (keyof typeof MANAGE_GIFT_MESSAGES)[]).map((key) => [key, messages[key]]));

/**
 * The compact monthly donate form the accepted ask opens: this campaign,
 * monthly only, the suggested amount selected, and only the fields a monthly
 * gift needs, since the supporter has just given.
 */
export function monthlyFormConfig(config: ThankYouConfig, offer: UpgradeOffer, messages: ThankYouMessages) {
  const {upgrade} = config;
  const suggested = offer.monthly / 100;
  return {
    campaign: config.campaign,
    ...(upgrade.sourceCode ? {sourceCode: upgrade.sourceCode} : {}),
    currency: config.currency,
    locale: config.locale,
    size: 'medium',
    layout: 'single',
    frequencies: ['monthly'],
    amounts: {monthly: {handles: [{amount: suggested}], defaultAmount: suggested, min: upgrade.minMonthly, max: upgrade.maxMonthly}},
    fields: {firstName: 'required', lastName: 'required', email: 'required', phone: 'hidden', postcode: 'hidden', address: 'hidden'},
    directDebit: upgrade.directDebit,
    // The new monthly giver is told, as on any form, how to change or cancel the gift.
    ...(config.manageGiftUrl ? {manageGiftUrl: config.manageGiftUrl} : {}),
    ...(config.contact ? {contact: config.contact} : {}),
    gateway: config.gateway,
    ...(config.botCheck ? {botCheck: config.botCheck} : {}),
    analytics: config.analytics,
    theme: config.theme,
    messages: {heading: messages.upgradeFormHeading, ...manageGiftMessages(messages)},
  } satisfies DonateFormConfigInput;
}
