/** What probing the doorway found: bodies built to break the card-data search, or to slip a card number past it. */
import {describe, expect, it} from 'vitest';
import {giftBody, newKey, ORIGIN, post} from '../testing/fixtures';
import {eachStandIn} from '../testing/eachStandIn';
import {COMBINED_AD_IDS, NUMERIC_AD_IDS} from '../testing/corpus/adIds';
import {LANDING_PAGES} from '../testing/corpus/clickIds';
import {INVISIBLES} from '../testing/corpus/invisibles';

const each = eachStandIn();

/** Posts raw text, as a script would: JSON.stringify could not build some of these. */
async function postText(text: string) {
  const response = await each.setup.handler(
    new Request('https://coral.example.org/gifts', {
      method: 'POST',
      headers: {origin: ORIGIN, 'content-type': 'application/json', 'idempotency-key': newKey()},
      body: text,
    }),
  );
  return {status: response.status, body: (await response.json()) as Record<string, unknown>};
}

const refusedCard = (where: string) => ({
  status: 400,
  body: {status: 'rejected', reason: `card details are never sent here (found at ${where}): Stripe.js sends them to Stripe`},
});

describe('a body nested deeply', () => {
  it.each([[5_000], [33]])('%i deep is refused 400 before anything walks it', async (depth) => {
    const answer = await postText(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(answer).toEqual({status: 400, body: {status: 'rejected', reason: 'the body is nested too deeply'}});
    expect(each.setup.logged()).toEqual([]);
  });

  it('is refused inside a gift too, before Stripe hears of it', async () => {
    const inGift = await postText(JSON.stringify(giftBody()).replace(/}$/, `,"note":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`));
    expect(inGift.body.reason).toBe('the body is nested too deeply');
    expect(each.stripe.requests).toHaveLength(0);
  });

  it('is read as far as the limit, and brackets inside strings are text, not nesting', async () => {
    const atLimit = await postText(`${'['.repeat(32)}${']'.repeat(32)}`);
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.reason).not.toBe('the body is nested too deeply');
    const address = `${'['.repeat(40)}"\\"\\${'{'.repeat(40)}`;
    const brackets = giftBody({supporter: {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', address, consent: false}});
    expect((await post(each.setup.handler, '/gifts', brackets)).status).toBe(200);
  });

  it('or holding thousands of values, is refused 400 too', async () => {
    const answer = await postText(JSON.stringify(giftBody({extra: Array.from({length: 3000}, () => 0)})));
    expect(answer).toEqual({status: 400, body: {status: 'rejected', reason: 'the body holds too many values'}});
  });
});

describe('a card number written to slip past the search', () => {
  it.each([
    ['dots', '4242.4242.4242.4242'],
    ['slashes', '4242/4242/4242/4242'],
    ['underscores', '4242_4242_4242_4242'],
    ['double spaces', '4242  4242  4242  4242'],
    ['tabs and a newline', '4242\t4242\n4242 4242'],
    ['full-width digits', '４２４２４２４２４２４２４２４２'],
    ['full-width digits and spaces', '４２４２\u3000４２４２\u3000４２４２\u3000４２４２'],
    ['Devanagari digits', '४२४२४२४२४२४२४२४२'],
    ['Arabic-Indic digits', '٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢'],
    ['mathematical digits', '𝟒𝟐𝟒𝟐𝟒𝟐𝟒𝟐𝟒𝟐𝟒𝟐𝟒𝟐𝟒𝟐'],
    ['an en dash', '4242–4242–4242–4242'],
  ])('with %s is refused, and never reaches Stripe', async (_, number) => {
    const supporter = {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', address: number, consent: false};
    const answer = await post(each.setup.handler, '/gifts', giftBody({supporter}));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(refusedCard('supporter.address').body);
    expect(each.stripe.requests).toHaveLength(0);
  });

  it('split across two fields, as an address line and a postcode, is refused naming both', async () => {
    const supporter = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      address: '4242 4242 4242',
      postcode: '4242',
      consent: false,
    };
    const answer = await post(each.setup.handler, '/gifts', giftBody({supporter}));
    expect({status: answer.status, body: answer.body}).toEqual(refusedCard('supporter.address and supporter.postcode'));
    expect(each.stripe.requests).toHaveLength(0);
  });

  it('as an object key is refused without the key in the answer or the log', async () => {
    for (const key of ['4242424242424242', '4242 4242 4242 4242', '４２４２４２４２４２４２４２４２']) {
      const answer = await post(each.setup.handler, '/gifts', giftBody({utm: {[key]: 'x'}}));
      expect({status: answer.status, body: answer.body}).toEqual(refusedCard('utm.[key]'));
    }
    const nested = await post(each.setup.handler, '/gifts', giftBody({'4242 4242 4242 4242': {number: '1'}}));
    expect(nested.body.reason).toMatch(/found at \[key\]/);
    // Each line's request id is a random UUID, which may hold "4242" itself: the rest of the line is what is checked.
    const lines = each.setup.logger.lines.map(({requestId: _id, ...line}) => line);
    expect(JSON.stringify(lines)).not.toMatch(/4242|４２/);
    expect(each.stripe.requests).toHaveLength(0);
  });

  it('leaves an honest gift alone: a mobile, a postcode, an address and ad ids', async () => {
    const supporter = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.lovelace1815@example.org',
      phone: '+61412345678',
      postcode: '2000',
      address: 'Unit 12, 345 George Street',
      consent: true,
    };
    const utm = {utm_source: 'facebook', utm_campaign: 'eofy-2026', utm_term: '120208461234567', utm_content: '23851234567890124'};
    const answer = await post(each.setup.handler, '/gifts', giftBody({supporter, utm}));
    expect({status: answer.status, reason: answer.body.reason}).toEqual({status: 200, reason: undefined});
  });
});

describe('an ad’s link', () => {
  const luhnPassing = NUMERIC_AD_IDS.filter((id) => id.passesLuhn);

  it('carries ids that pass the Luhn check: every platform’s gift goes through with its utm values kept whole', async () => {
    expect(new Set(luhnPassing.map((id) => id.platform)).size).toBeGreaterThanOrEqual(4);
    for (const [i, id] of luhnPassing.entries()) {
      const utm = {
        utm_source: id.platform,
        utm_campaign: COMBINED_AD_IDS[i % COMBINED_AD_IDS.length]!,
        utm_content: id.value,
        utm_term: id.value,
      };
      // One supporter each: the card-testing guard counts gifts per email.
      const supporter = {firstName: 'Ada', lastName: 'Lovelace', email: `ada+${i}@example.org`, consent: false};
      const answer = await post(each.setup.handler, '/gifts', giftBody({utm, supporter}));
      expect({id, status: answer.status, reason: answer.body.reason}).toEqual({id, status: 200, reason: undefined});
      expect(each.setup.store.gifts.at(-1)?.utm).toEqual(utm);
      expect(each.stripe.paymentIntents.get(String(answer.body.reference))?.metadata).toMatchObject(utm);
    }
  });

  it('reaches a hosted checkout in its landing page’s address, with its click id', async () => {
    for (const [i, page] of LANDING_PAGES.entries()) {
      const {method: _method, ...gift} = giftBody({
        supporter: {firstName: 'Ada', lastName: 'Lovelace', email: `ada+${i}@example.org`, consent: false},
      });
      const answer = await post(each.setup.handler, '/checkout', {...gift, returnUrl: `${ORIGIN}/thank-you`, cancelUrl: page});
      expect({page, status: answer.status, reason: answer.body.reason}).toEqual({page, status: 200, reason: undefined});
    }
  });
});

describe('a card number hidden by characters that show nothing', () => {
  it.each(INVISIBLES.map(({name, char}) => [name, char]))('%s between its groups: refused, and never reaches Stripe', async (_, char) => {
    const supporter = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      address: ['4242', '4242', '4242', '4242'].join(char),
      consent: false,
    };
    const answer = await post(each.setup.handler, '/gifts', giftBody({supporter}));
    expect({status: answer.status, body: answer.body}).toEqual(refusedCard('supporter.address'));
    expect(each.stripe.requests).toHaveLength(0);
    expect(each.setup.store.gifts).toHaveLength(0);
  });

  it('or by commas between its groups, is refused too', async () => {
    const supporter = {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', address: '4242,4242,4242,4242', consent: false};
    const answer = await post(each.setup.handler, '/gifts', giftBody({supporter}));
    expect({status: answer.status, body: answer.body}).toEqual(refusedCard('supporter.address'));
  });
});

describe('a control character', () => {
  const supporter = (change: Record<string, unknown>) => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    consent: false,
    ...change,
  });
  const refusedControl = (at: string, code: string) => ({
    status: 400,
    body: {status: 'rejected', reason: `${at}: control characters (here U+${code}) are not accepted; no field takes a line break or a tab`},
  });

  it.each([
    [giftBody({supporter: supporter({address: '1 Main St\nSydney'})}), 'supporter.address', '000A'],
    [giftBody({supporter: supporter({address: '1 Main St\r\nSydney'})}), 'supporter.address', '000D'],
    [giftBody({supporter: supporter({firstName: '\tAda'})}), 'supporter.firstName', '0009'],
    [giftBody({supporter: supporter({phone: '+61412345678\u001b'})}), 'supporter.phone', '001B'],
    [giftBody({sourceCode: 'REEF\u007f'}), 'sourceCode', '007F'],
    [giftBody({botCheck: 'token\u0008'}), 'botCheck', '0008'],
    [giftBody({utm: {utm_term: 'whales\u001f'}}), 'utm.utm_term', '001F'],
  ])('in %j is refused before Stripe hears of the gift, and nothing is kept', async (body, at, code) => {
    const answer = await post(each.setup.handler, '/gifts', body);
    expect({status: answer.status, body: answer.body}).toEqual(refusedControl(at, code));
    expect(each.stripe.requests).toHaveLength(0);
    expect(each.setup.store.gifts).toHaveLength(0);
  });

  it('in a hosted checkout’s addresses is refused too', async () => {
    const {method: _method, ...gift} = giftBody();
    const answer = await post(each.setup.handler, '/checkout', {
      ...gift,
      returnUrl: `${ORIGIN}/thank-you`,
      cancelUrl: `${ORIGIN}/donate\t`,
    });
    expect({status: answer.status, body: answer.body}).toEqual(refusedControl('cancelUrl', '0009'));
    expect(each.stripe.requests).toHaveLength(0);
  });
});
