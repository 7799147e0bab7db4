import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {parseDonateFormConfig} from '../donate-form/parse';
import {gift, MemoryStorage} from '../shared/testing';
import {rgUpgradeSuggestion} from '../shared/money';
import {giftKey, headingOf, monthlyFormConfig, parseGiftParams, receiptRows, oneTapAsk, resolveReceipt, upgradeOffer} from './derive';
import {createDeclinedMemory, DECLINED_KEY} from './effects';
import {reduce, reduceUpgrade} from './machine';
import {type ThankYouConfig, type ThankYouConfigInput} from './schema';
import {parseThankYouConfig} from './parse';
import {initialState, initialUpgrade, messagesFor, type Receipt, type ThankYouState} from './state';

const configOf = (input: Partial<ThankYouConfigInput> = {}): ThankYouConfig => {
  const result = parseThankYouConfig({campaign: 'save-the-reef', ...input});
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.config;
};
const messages = messagesFor(configOf());

const oneOff = (amount: number, extra: Partial<Receipt> = {}): Receipt => ({
  source: 'url',
  amount,
  currency: 'AUD',
  frequency: 'one-off',
  reference: null,
  date: null,
  firstName: null,
  oneTap: null,
  ...extra,
});

describe('gift URL parameters', () => {
  it('reads amount, frequency and ref', () => {
    expect(parseGiftParams('?amount=%2450.50&frequency=one-off&ref=CRL-ABC_12')).toEqual({
      values: {amount: 5050, frequency: 'one-off', reference: 'CRL-ABC_12'},
      warnings: [],
    });
  });

  it('drops a script payload or a bad value with a warning, keeping the rest', () => {
    const {values, warnings} = parseGiftParams(
      new URLSearchParams({amount: '<img src=x onerror=alert(1)>', frequency: 'yearly', ref: '"><script>alert(1)</script>'}),
    );
    expect(values).toEqual({});
    expect(warnings).toEqual([
      expect.stringContaining('ignored URL parameter "amount"'),
      expect.stringContaining('ignored URL parameter "frequency": expected one of one-off, weekly, monthly, daily'),
      expect.stringContaining('ignored URL parameter "ref"'),
    ]);
    expect(parseGiftParams('?amount=2000000').warnings[0]).toContain('expected at most 1,000,000');
  });

  it('never reads personal parameters', () => {
    const {values, warnings} = parseGiftParams('?first_name=Mere&email=mere%40example.org&phone=0412345678&amount=20');
    expect(values).toEqual({amount: 2000});
    expect(warnings).toEqual([]);
  });
});

describe('the receipt', () => {
  it('takes the hand-off first, whatever the URL says', () => {
    const receipt = resolveReceipt({ok: true, data: gift}, {amount: 100, frequency: 'monthly', reference: 'URL-1'}, 'AUD');
    expect(receipt).toEqual({
      source: 'handoff',
      amount: 6000,
      currency: 'AUD',
      frequency: 'one-off',
      reference: 'CRL-7Q2K9',
      date: gift.date,
      firstName: 'Mere',
      oneTap: null,
    });
    const kept = resolveReceipt({ok: true, data: {...gift, oneTap: {token: 'pi_1_secret_2', amount: 1500}}}, null, 'AUD');
    expect(kept?.oneTap).toEqual({token: 'pi_1_secret_2', amount: 1500});
  });

  it('falls back to the URL, never with a name, and to nothing at all', () => {
    for (const reason of ['none', 'expired', 'corrupt', 'unavailable'] as const) {
      expect(resolveReceipt({ok: false, reason}, {amount: 2500, frequency: 'monthly'}, 'NZD')).toEqual({
        source: 'url',
        amount: 2500,
        currency: 'NZD',
        frequency: 'monthly',
        reference: null,
        date: null,
        firstName: null,
        oneTap: null,
      });
    }
    expect(resolveReceipt({ok: false, reason: 'none'}, {}, 'AUD')).toBeNull();
    expect(resolveReceipt(null, null, 'AUD')).toBeNull();
  });

  it('greets by first name only when one was handed over', () => {
    expect(headingOf(resolveReceipt({ok: true, data: gift}, null, 'AUD'), messages)).toBe('Thank you, Mere!');
    expect(headingOf(resolveReceipt({ok: true, data: {...gift, firstName: undefined}}, null, 'AUD'), messages)).toBe('Thank you!');
    expect(headingOf(null, messages)).toBe('Thank you!');
  });

  it('formats amount and date for the locale and the gift’s currency, leaving out what is unknown', () => {
    const receipt = resolveReceipt({ok: true, data: {...gift, amount: 123450, currency: 'NZD'}}, null, 'AUD')!;
    expect(receiptRows(receipt, messages, 'en-NZ')).toEqual([
      {key: 'amount', label: 'Amount', value: '$1,234.50'},
      {key: 'frequency', label: 'Frequency', value: 'One-off'},
      {key: 'reference', label: 'Reference', value: 'CRL-7Q2K9'},
      {key: 'date', label: 'Date', value: expect.stringMatching(/^1[45] March 2026$/)},
    ]);
    expect(receiptRows(oneOff(3500), messages, 'en-AU')).toEqual([
      {key: 'amount', label: 'Amount', value: '$35'},
      {key: 'frequency', label: 'Frequency', value: 'One-off'},
    ]);
    expect(receiptRows(oneOff(3500, {currency: 'USD'}), messages, 'en-AU')[0]!.value).toMatch(/^USD\s35$/);
  });
});

describe('the monthly ask', () => {
  it('suggests the donate form’s monthly equivalent for a one-off gift', () => {
    expect(upgradeOffer(configOf(), oneOff(6000))).toEqual({oneOff: 6000, monthly: 2000});
    expect(upgradeOffer(configOf({upgrade: {divisor: 4, roundTo: 10}}), oneOff(12000))).toEqual({oneOff: 12000, monthly: 3000});
    // Never below the monthly minimum.
    expect(upgradeOffer(configOf({upgrade: {minMonthly: 10}}), oneOff(1000))).toEqual({oneOff: 1000, monthly: 1000});
  });

  it('uses the very rule the donate form uses', () => {
    fc.assert(
      fc.property(
        fc.integer({min: 100, max: 1_000_000}),
        fc.integer({min: 1, max: 12}),
        fc.integer({min: 1, max: 50}),
        (cents, divisor, roundTo) => {
          const config = configOf({upgrade: {divisor, roundTo, maxMonthly: 1_000_000}});
          expect(upgradeOffer(config, oneOff(cents))?.monthly).toBe(
            rgUpgradeSuggestion(cents, {divisor, roundTo}, {min: 500, max: 100_000_000}) ?? undefined,
          );
        },
      ),
    );
  });

  it('asks for the amount the endpoint named for a kept card, by the rules the gift was made under, not this page’s', () => {
    const kept = (cents: number, monthly: number) => oneOff(cents, {oneTap: {token: 'pi_1_secret_2', amount: monthly}});
    // The gift was made on a variant that asks a sixth; this page, on its own, would ask a third, or a quarter.
    expect(upgradeOffer(configOf(), kept(12000, 2000))).toEqual({oneOff: 12000, monthly: 2000});
    expect(upgradeOffer(configOf({upgrade: {divisor: 4, maxMonthly: 10}}), kept(12000, 2000))).toEqual({oneOff: 12000, monthly: 2000});
    const gateway = {
      charge: async () => ({status: 'approved', reference: 'x'}) as const,
      upgrade: async () => ({status: 'approved', reference: 'y'}) as const,
    };
    expect(oneTapAsk(configOf(), {...kept(12000, 2000), reference: 'pi_1'}, gateway)).toEqual({
      reference: 'pi_1',
      token: 'pi_1_secret_2',
      amount: 2000,
      currency: 'AUD',
    });
    // A gift that kept no card, or whose card fits no monthly gift, has no tap: the ask opens the monthly form.
    expect(oneTapAsk(configOf(), {...oneOff(12000), reference: 'pi_1'}, gateway)).toBeNull();
    // The ask is still this page's to make: off, or in another currency, it asks nothing.
    expect(upgradeOffer(configOf({upgrade: {enabled: false}}), kept(12000, 2000))).toBeNull();
    expect(upgradeOffer(configOf(), oneOff(12000, {currency: 'NZD', oneTap: {token: 't', amount: 2000}}))).toBeNull();
  });

  it('asks nothing of regular givers, unknown gifts, other currencies, or when off', () => {
    const config = configOf();
    for (const frequency of ['weekly', 'monthly', 'daily', null] as const)
      expect(upgradeOffer(config, oneOff(6000, {frequency}))).toBeNull();
    expect(upgradeOffer(config, oneOff(6000, {currency: 'NZD'}))).toBeNull();
    expect(upgradeOffer(config, null)).toBeNull();
    expect(upgradeOffer(configOf({upgrade: {enabled: false}}), oneOff(6000))).toBeNull();
    expect(upgradeOffer(config, {...oneOff(0), amount: null})).toBeNull();
    expect(upgradeOffer(configOf({upgrade: {maxMonthly: 100}}), oneOff(60_000))).toBeNull();
  });

  it('moves from shown to accepted or declined, once', () => {
    const offer = {oneOff: 6000, monthly: 2000};
    const shown = initialUpgrade(offer, false);
    expect(shown).toEqual({status: 'shown', offer});
    expect(reduceUpgrade(shown, {type: 'accept', oneTap: false})).toEqual({status: 'accepted', offer});
    const declined = reduceUpgrade(shown, {type: 'decline'});
    expect(declined).toEqual({status: 'declined', offer});
    expect(reduceUpgrade(declined, {type: 'accept', oneTap: false})).toBe(declined);
    expect(initialUpgrade(offer, true)).toEqual({status: 'declined', offer});
    expect(initialUpgrade(null, false)).toEqual({status: 'none'});
  });

  it('starts the monthly gift in one tap on a kept card, and opens the form only when the card is refused', () => {
    const offer = {oneOff: 6000, monthly: 2000};
    const charging = reduceUpgrade(initialUpgrade(offer, false), {type: 'accept', oneTap: true});
    expect(charging).toEqual({status: 'charging', offer});
    // A second tap while it is on its way changes nothing.
    expect(reduceUpgrade(charging, {type: 'accept', oneTap: true})).toBe(charging);
    const answered = (result: Parameters<typeof reduceUpgrade>[1] & {type: 'charged'}) => reduceUpgrade(charging, result);
    expect(answered({type: 'charged', result: {status: 'approved', reference: 'sub_1'}})).toEqual({
      status: 'upgraded',
      offer,
      reference: 'sub_1',
    });
    expect(answered({type: 'charged', result: {status: 'declined', reason: 'card declined'}})).toEqual({
      status: 'accepted',
      offer,
      refused: 'card',
    });
    const notCharged = {status: 'error', outcome: 'not-charged', retryable: true, detail: 'refused'} as const;
    expect(answered({type: 'charged', result: notCharged})).toEqual({status: 'accepted', offer, refused: 'card'});
    // No answer: a monthly gift may have started, so no form invites a second one.
    const unknown = {status: 'error', outcome: 'unknown', retryable: false, detail: 'timeout'} as const;
    expect(answered({type: 'charged', result: unknown})).toEqual({status: 'unconfirmed', offer});
  });

  it("opens the form after the endpoint's bot check, and keeps the ask for later when it asks the supporter to wait", () => {
    const offer = {oneOff: 6000, monthly: 2000};
    const charging = reduceUpgrade(initialUpgrade(offer, false), {type: 'accept', oneTap: true});
    const answered = (result: Parameters<typeof reduceUpgrade>[1] & {type: 'charged'}) => reduceUpgrade(charging, result);
    expect(answered({type: 'charged', result: {status: 'guarded', reason: 'bot-check'}})).toEqual({
      status: 'accepted',
      offer,
      refused: 'bot-check',
    });
    const limited = answered({type: 'charged', result: {status: 'guarded', reason: 'rate-limited', retryAfter: 300}});
    expect(limited).toEqual({status: 'limited', offer, retryAfter: 300});
    expect(answered({type: 'charged', result: {status: 'guarded', reason: 'rate-limited'}})).toEqual({status: 'limited', offer});
    // Nothing is tried again by itself: a tap later sends again, or the supporter says no after all.
    expect(reduceUpgrade(limited, {type: 'accept', oneTap: true})).toEqual({status: 'charging', offer});
    expect(reduceUpgrade(limited, {type: 'decline'})).toEqual({status: 'declined', offer});
  });

  it('remembers a declined gift by its reference, or its amount without one', () => {
    const memory = createDeclinedMemory();
    memory.add(giftKey(oneOff(6000, {reference: 'CRL-1'})));
    expect(memory.has(giftKey(oneOff(9000, {reference: 'CRL-1'})))).toBe(true);
    expect(memory.has(giftKey(oneOff(6000)))).toBe(false);
    memory.add(giftKey(oneOff(6000)));
    expect(memory.has(giftKey(oneOff(6000)))).toBe(true);
    expect(memory.has(giftKey(oneOff(7000)))).toBe(false);
  });

  it('remembers a declined gift across a reload, through the session, and copes with storage that fails', () => {
    const storage = new MemoryStorage();
    createDeclinedMemory(() => storage).add(giftKey(oneOff(6000, {reference: 'CRL-2'})));
    // A reload: a new memory, the same session.
    expect(createDeclinedMemory(() => storage).has(giftKey(oneOff(6000, {reference: 'CRL-2'})))).toBe(true);
    expect(storage.getItem(DECLINED_KEY)).toBe('["CRL-2"]');
    storage.setItem(DECLINED_KEY, '{not json');
    expect(createDeclinedMemory(() => storage).has('CRL-2')).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {},
    };
    const memory = createDeclinedMemory(() => throwing);
    memory.add('CRL-3');
    expect(memory.has('CRL-3')).toBe(true);
  });

  it('builds a monthly donate form config the donate form accepts, with the suggestion selected', () => {
    const config = configOf({upgrade: {directDebit: true, sourceCode: 'TY-RG'}, theme: 'dark'});
    const form = parseDonateFormConfig(monthlyFormConfig(config, {oneOff: 6000, monthly: 2000}, messages));
    expect(form.ok).toBe(true);
    if (!form.ok) return;
    expect(form.config).toMatchObject({
      campaign: 'save-the-reef',
      sourceCode: 'TY-RG',
      frequencies: ['monthly'],
      directDebit: true,
      theme: 'dark',
      fields: {firstName: 'required', email: 'required', phone: 'hidden', postcode: 'hidden'},
      messages: {heading: 'Your monthly gift'},
    });
    expect(form.config.amounts.monthly).toMatchObject({defaultAmount: 20, handles: [{amount: 20}], min: 5, max: 2000});
  });

  it('gives the donate form a valid config for a kept card’s amount past this page’s own limits, when its card is refused', () => {
    // The endpoint named $20 a month by the gift's rules; this page, on its own, takes $5 to $10, or $25 to $50.
    for (const limits of [{maxMonthly: 10}, {minMonthly: 25, maxMonthly: 50}]) {
      const config = configOf({upgrade: limits});
      const offer = upgradeOffer(config, oneOff(12000, {oneTap: {token: 'pi_1_secret_2', amount: 2000}}))!;
      const form = parseDonateFormConfig(monthlyFormConfig(config, offer, messages));
      expect(form.ok && form.config.amounts.monthly).toMatchObject({defaultAmount: 20, handles: [{amount: 20}]});
    }
  });

  it('gives the monthly form the page’s way to change or cancel a gift, in the page’s words', () => {
    const contact = {email: 'supporter.care@example.org'};
    const config = configOf({manageGiftUrl: '/manage-my-gift', contact, messages: {manageGiftLink: 'manage your gift'}});
    const form = parseDonateFormConfig(monthlyFormConfig(config, {oneOff: 6000, monthly: 2000}, messagesFor(config)));
    expect(form.ok && form.config).toMatchObject({
      manageGiftUrl: '/manage-my-gift',
      contact,
      messages: {cancelAnyTime: 'You can {link} at any time.', manageGiftLink: 'manage your gift'},
    });
    const plain = monthlyFormConfig(configOf(), {oneOff: 6000, monthly: 2000}, messages);
    expect(plain).not.toHaveProperty('manageGiftUrl');
    expect(plain).not.toHaveProperty('contact');
  });

  it('always gives the donate form a valid config when it asks', () => {
    fc.assert(
      fc.property(
        fc.integer({min: 1, max: 100_000_000}),
        fc.integer({min: 1, max: 12}),
        fc.integer({min: 1, max: 50}),
        (cents, divisor, roundTo) => {
          const config = configOf({upgrade: {divisor, roundTo}});
          const offer = upgradeOffer(config, oneOff(cents));
          if (offer) expect(parseDonateFormConfig(monthlyFormConfig(config, offer, messages)).ok).toBe(true);
        },
      ),
    );
  });
});

describe('the one-tap monthly gift on its way', () => {
  const offer = {oneOff: 6000, monthly: 2000};
  const ask = {reference: 'CRL-1', token: 'tok_kept', amount: 2000, currency: 'AUD'};
  const opened = reduce(initialState, {type: 'open', upgrade: initialUpgrade(offer, false)});
  const sending = reduce(opened, {type: 'accept', ask, key: 'key-1'});

  it('holds the ask with the key made for the attempt while it is on its way', () => {
    expect(opened).toEqual({upgrade: {status: 'shown', offer}, pending: null});
    expect(sending).toEqual({upgrade: {status: 'charging', offer}, pending: {payload: ask, key: 'key-1'}});
    // A second tap while it is on its way sends nothing and keeps the key.
    expect(reduce(sending, {type: 'accept', ask, key: 'key-2'})).toBe(sending);
    expect(reduce(sending, {type: 'decline'})).toBe(sending);
  });

  it('takes the answer under its own key, and drops an answer for an older attempt', () => {
    const approved = {status: 'approved', reference: 'sub_1'} as const;
    expect(reduce(sending, {type: 'charged', key: 'key-0', result: approved})).toBe(sending);
    const done = reduce(sending, {type: 'charged', key: 'key-1', result: approved});
    expect(done).toEqual({upgrade: {status: 'upgraded', offer, reference: 'sub_1'}, pending: null});
    expect(reduce(done, {type: 'charged', key: 'key-1', result: approved})).toBe(done);
  });

  it('sends a tap after a wait under a fresh key, and an answer to the first tap no longer counts', () => {
    const limited = reduce(sending, {type: 'charged', key: 'key-1', result: {status: 'guarded', reason: 'rate-limited'}});
    expect(limited).toEqual({upgrade: {status: 'limited', offer}, pending: null});
    const again = reduce(limited, {type: 'accept', ask, key: 'key-2'});
    expect(again.pending).toEqual({payload: ask, key: 'key-2'});
    const late = {status: 'approved', reference: 'sub_late'} as const;
    expect(reduce(again, {type: 'charged', key: 'key-1', result: late})).toBe(again);
  });

  it('holds the key while another tap makes the gift, and a retry sends it again under that key', () => {
    const inFlight = {status: 'error', outcome: 'unknown', retryable: true, detail: 'being made'} as const;
    const busy = reduce(sending, {type: 'charged', key: 'key-1', result: inFlight});
    expect(busy).toEqual({upgrade: {status: 'busy', offer}, pending: {payload: ask, key: 'key-1'}});
    // Neither a new tap nor a no thanks changes a gift already being made.
    expect(reduce(busy, {type: 'accept', ask, key: 'key-2'})).toBe(busy);
    expect(reduce(busy, {type: 'decline'})).toBe(busy);
    const retried = reduce(busy, {type: 'retry'});
    expect(retried).toEqual({upgrade: {status: 'charging', offer}, pending: {payload: ask, key: 'key-1'}});
    // A new attempt for the sender, under the same key.
    expect(retried.pending).not.toBe(busy.pending);
    expect(reduce(retried, {type: 'retry'})).toBe(retried);
    expect(reduce(opened, {type: 'retry'})).toBe(opened);
  });

  it('sends nothing when the ask opens the monthly form, or is declined', () => {
    const form: ThankYouState = reduce(opened, {type: 'accept', ask: null, key: 'key-3'});
    expect(form).toEqual({upgrade: {status: 'accepted', offer}, pending: null});
    expect(reduce(opened, {type: 'decline'})).toEqual({upgrade: {status: 'declined', offer}, pending: null});
    expect(reduce(initialState, {type: 'accept', ask, key: 'key-4'})).toBe(initialState);
  });
});
