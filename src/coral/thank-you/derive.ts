/**
 * What the thank-you page decides, with no view and no change: which gift to
 * show and how, whether and what to ask for monthly, whether the ask can
 * start in one tap, and the monthly form an accepted ask opens.
 */
import type {GiftHandoff, ReadResult} from '../daisychain';
import type {DonateFormConfigInput} from '../donate-form/core';
import {FREQUENCIES, type Frequency, dollars, formatMoney, parseAmount, rgUpgradeSuggestion} from '../shared/money';
import type {Gateway, UpgradeAsk} from '../shared/gateways';
import {MANAGE_GIFT_MESSAGES} from '../shared/manageGift';
import {accept, refuse, fill} from '../shared/basics';
import {paramReader} from '../shared/fields';
import type {ThankYouMessages} from './messages';
import type {ThankYouConfig} from './schema';
import type {GiftParams, Receipt, UpgradeOffer, UpgradeState} from './state';

// ——— the gift ———

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
      oneTap: gift.oneTap ?? null,
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
      oneTap: null,
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

/** Which gift an answer belongs to: its reference, or its amount and frequency when it has none. */
export const giftKey = (receipt: Receipt): string => receipt.reference ?? `${receipt.amount ?? ''}/${receipt.frequency ?? ''}`;

// ——— the monthly ask ———

/**
 * The monthly gift to suggest, or null when no ask fits: the ask is off, the
 * gift is not a known one-off amount, it was in another currency, or the
 * suggestion is over the monthly maximum. A gift that kept its card asks for
 * the amount the endpoint named for it, by the config the gift was made under
 * (its version, its variant), since that is the one the tap can start; any
 * other asks by the donate form's rule, with this page's settings.
 */
export function upgradeOffer(config: ThankYouConfig, receipt: Receipt | null): UpgradeOffer | null {
  const {upgrade} = config;
  if (!upgrade.enabled || !receipt || receipt.amount === null || receipt.frequency !== 'one-off') return null;
  if (receipt.currency !== config.currency) return null;
  const monthly =
    receipt.oneTap?.amount ??
    rgUpgradeSuggestion(receipt.amount, upgrade, {min: dollars(upgrade.minMonthly), max: dollars(upgrade.maxMonthly)});
  return monthly === null ? null : {oneOff: receipt.amount, monthly};
}

/** Whether the ask waits for an answer: shown, or shown again after a wait. */
export const answerable = (upgrade: UpgradeState): upgrade is Extract<UpgradeState, {status: 'shown' | 'limited'}> =>
  upgrade.status === 'shown' || upgrade.status === 'limited';

/**
 * The monthly gift to start in one tap, when the one-off gift kept its card
 * and the gateway can start it there: no second form. Null otherwise, and an
 * accepted ask opens the monthly form.
 */
export function oneTapAsk(config: ThankYouConfig, receipt: Receipt | null, gateway: Gateway): UpgradeAsk | null {
  const tap = receipt?.oneTap;
  const reference = receipt?.reference;
  // The tap's amount is the offer's: a kept card's offer is the amount the endpoint named for it (upgradeOffer).
  return gateway.upgrade && tap && reference ? {...tap, reference, currency: config.currency} : null;
}

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
    // The amount a kept card's tap was for came from the gift's own rules, which may reach past this page's limits.
    amounts: {
      monthly: {
        handles: [{amount: suggested}],
        defaultAmount: suggested,
        min: Math.min(suggested, upgrade.minMonthly),
        max: Math.max(suggested, upgrade.maxMonthly),
      },
    },
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
