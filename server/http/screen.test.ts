/**
 * The doorway's screen of every posted body: which fields each route reads as a person's typing (against the
 * contract's own request schemas), the control characters it refuses in any string or key, and what it answers.
 */
import fc from 'fast-check';
import * as z from 'zod/mini';
import {describe, expect, it} from 'vitest';
import {checkoutRequestSchema, giftRequestSchema, signatureRequestSchema, upgradeRequestSchema} from '../../src/coral/contract';
import {BODY_LIMITS} from './cardData';
import {MACHINE_FIELDS, PHONE_FIELD, readingFor, screenBody, type PostedRoute} from './screen';
import {AD_IDS, COMBINED_AD_IDS} from '../testing/corpus/adIds';
import {CLICK_IDS, LANDING_PAGES} from '../testing/corpus/clickIds';
import {CARD_NUMBERS, DISGUISES} from '../testing/corpus/cardNumbers';
import {ANSWERS} from '../testing/corpus/people';
import {honestSupporter} from '../testing/corpus/supporters';
import {FIRST_GIFTS, SOURCE_CODES, TURNSTILE_TOKENS} from '../testing/corpus/tokens';

const ROUTES = ['/gifts', '/checkout', '/gifts/upgrade', '/signatures'] as const satisfies readonly PostedRoute[];

const SCHEMAS = {
  '/gifts': giftRequestSchema,
  '/checkout': checkoutRequestSchema,
  '/gifts/upgrade': upgradeRequestSchema,
  '/signatures': signatureRequestSchema,
} satisfies Record<PostedRoute, z.ZodMiniType>;

/** What a person types, on the routes that take it: the supporter's fields and the answer to a powerform's question. */
const TYPED_FIELDS = [
  'supporter.firstName',
  'supporter.lastName',
  'supporter.email',
  'supporter.phone',
  'supporter.postcode',
  'supporter.address',
  'answer.value',
];

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: {enum?: string[]};
};

/** Every string field a JSON schema describes, by its dotted path; a record's fields by the names its keys may take. */
function stringFields(schema: JsonSchema, prefix = ''): string[] {
  if (schema.type === 'string') return [prefix];
  const at = (name: string) => (prefix === '' ? name : `${prefix}.${name}`);
  const named = Object.entries(schema.properties ?? {}).flatMap(([name, inner]) => stringFields(inner, at(name)));
  const record = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : null;
  const keyed = record ? (schema.propertyNames?.enum ?? []).flatMap((name) => stringFields(record, at(name))) : [];
  return [...named, ...keyed];
}

const card = (at: string) => ({
  status: 400,
  body: {status: 'rejected', reason: `card details are never sent here (found at ${at}): Stripe.js sends them to Stripe`},
});
const control = (at: string, code: string) => ({
  status: 400,
  body: {status: 'rejected', reason: `${at}: control characters (here U+${code}) are not accepted; no field takes a line break or a tab`},
});
const hex = (codeUnit: number) => codeUnit.toString(16).toUpperCase().padStart(4, '0');

/** A value at a dotted path, and nothing else, as a body. */
function bodyWith(path: string, value: unknown): Record<string, unknown> {
  return path.split('.').reduceRight<unknown>((inner, key) => ({[key]: inner}), value) as Record<string, unknown>;
}

describe('which fields a machine writes', () => {
  it.each(ROUTES)('%s: every string field of the request is either typed by a person or listed as a machine’s, never both', (route) => {
    const fields = stringFields(z.toJSONSchema(SCHEMAS[route], {io: 'input'}) as JsonSchema);
    const typed = fields.filter((field) => TYPED_FIELDS.includes(field));
    expect([...MACHINE_FIELDS[route]].sort()).toEqual(fields.filter((field) => !typed.includes(field)).sort());
    expect(MACHINE_FIELDS[route].filter((field) => TYPED_FIELDS.includes(field))).toEqual([]);
  });

  it('lists the utm values, the source code and the campaign as a machine’s wherever a route takes them', () => {
    for (const route of ['/gifts', '/checkout', '/signatures'] as const) {
      expect(MACHINE_FIELDS[route]).toEqual(
        expect.arrayContaining([
          'campaign',
          'sourceCode',
          'utm.utm_source',
          'utm.utm_medium',
          'utm.utm_campaign',
          'utm.utm_content',
          'utm.utm_term',
        ]),
      );
    }
    expect(MACHINE_FIELDS['/checkout']).toEqual(expect.arrayContaining(['returnUrl', 'cancelUrl']));
    expect(MACHINE_FIELDS['/gifts']).not.toContain('returnUrl');
  });

  it('reads each path as its route says, key by key', () => {
    const gifts = readingFor('/gifts');
    expect(gifts(['utm', 'utm_content'])).toBe('machine');
    expect(gifts(['sourceCode'])).toBe('machine');
    expect(gifts(['supporter', 'phone'])).toBe('phone');
    expect(gifts(PHONE_FIELD.split('.'))).toBe('phone');
    expect(gifts(['supporter', 'address'])).toBe('typed');
    expect(gifts(['utm.utm_content'])).toBe('typed');
    expect(gifts(['utm', 'utm_content', 'x'])).toBe('typed');
    expect(gifts(['utm'])).toBe('typed');
    expect(gifts(['returnUrl'])).toBe('typed');
    expect(readingFor('/checkout')(['returnUrl'])).toBe('machine');
    expect(readingFor('/signatures')(['answer', 'id'])).toBe('machine');
    expect(readingFor('/signatures')(['answer', 'value'])).toBe('typed');
    expect(readingFor('/gifts/upgrade')(['clientSecret'])).toBe('machine');
    expect(readingFor('/elsewhere')(['utm', 'utm_content'])).toBe('typed');
    expect(readingFor('/elsewhere')(['supporter', 'phone'])).toBe('phone');
  });
});

describe('screenBody and card data', () => {
  it.each(ROUTES)('%s: a card number in a machine’s field goes through; in a field a person types, it is refused', (route) => {
    for (const field of MACHINE_FIELDS[route]) expect(screenBody(route, bodyWith(field, '4242 4242 4242 4242'))).toBeNull();
    for (const field of ['supporter.firstName', 'supporter.address', 'answer.value', 'note']) {
      expect(screenBody(route, bodyWith(field, '4242 4242 4242 4242'))).toEqual(card(field));
    }
  });

  it('refuses a card-ish key in a machine’s field, and a card number under a key no route defines', () => {
    expect(screenBody('/gifts', {utm: {cvc: '123'}})).toEqual(card('utm.cvc'));
    expect(screenBody('/gifts', {utm: {'4242424242424242': 'x'}})).toEqual(card('utm.[key]'));
    expect(screenBody('/gifts', {'utm.utm_content': '4242424242424242'})).toEqual(card('utm.utm_content'));
  });

  it('answers a body too deep or too big as such', () => {
    let deep: unknown = 'x';
    for (let i = 0; i <= BODY_LIMITS.depth; i += 1) deep = [deep];
    expect(screenBody('/gifts', deep)).toEqual({status: 400, body: {status: 'rejected', reason: 'the body is nested too deeply'}});
    expect(screenBody('/gifts', {list: Array.from({length: BODY_LIMITS.values}, () => 0)})).toEqual({
      status: 400,
      body: {status: 'rejected', reason: 'the body holds too many values'},
    });
  });

  it('names card data before a control character, wherever each is', () => {
    expect(screenBody('/gifts', {supporter: {address: '4242\t4242\n4242 4242'}})).toEqual(card('supporter.address'));
    expect(screenBody('/gifts', {supporter: {firstName: 'A\u0000', address: '4242 4242 4242 4242'}})).toEqual(card('supporter.address'));
  });
});

describe('screenBody and control characters', () => {
  const CONTROLS = [...Array.from({length: 32}, (_, i) => i), 0x7f];

  it.each(ROUTES)('%s: every C0 control and DEL is refused in a typed value, a machine’s value and a key, naming where it was', (route) => {
    const machine = MACHINE_FIELDS[route][0]!;
    for (const codeUnit of CONTROLS) {
      const char = String.fromCharCode(codeUnit);
      const code = hex(codeUnit);
      expect(screenBody(route, bodyWith('supporter.lastName', `Love${char}lace`))).toEqual(control('supporter.lastName', code));
      expect(screenBody(route, bodyWith(machine, `x${char}`))).toEqual(control(machine, code));
      expect(screenBody(route, {list: ['ok', `${char}`]})).toEqual(control('list.1', code));
      expect(screenBody(route, char)).toEqual(control('(body)', code));
      expect(screenBody(route, {supporter: {[`name${char}`]: 'Ada'}})).toEqual({
        status: 400,
        body: {status: 'rejected', reason: `supporter.[key]: a key with a control character (here U+${code}) is not accepted`},
      });
    }
  });

  it('names the first one in the body’s order', () => {
    expect(screenBody('/gifts', {a: 'ok', b: {c: 'x\u0001', d: 'y\u0002'}, e: '\u0003'})).toEqual(control('b.c', '0001'));
    expect(screenBody('/gifts', {a: {'k\u0004': 'v\u0005'}})?.body.reason).toMatch(/^a\.\[key]: a key .* U\+0004/);
  });

  it('refuses a lone surrogate, high or low, and lets a pair through', () => {
    for (const [text, code] of [
      ['Ada\ud800', 'D800'],
      ['\udfffAda', 'DFFF'],
      ['\ude00\ud83d', 'DE00'],
    ] as const) {
      expect(screenBody('/signatures', {supporter: {firstName: text}})).toEqual({
        status: 400,
        body: {status: 'rejected', reason: `supporter.firstName: a lone surrogate (here U+${code}) is not text; send well-formed UTF-16`},
      });
    }
    expect(screenBody('/signatures', {supporter: {firstName: 'Ada 🙂'}})).toBeNull();
  });

  it('lets through what is not a C0 control: C1 controls, format characters in names, every other character', () => {
    expect(screenBody('/gifts', {supporter: {firstName: 'Ada\u0080\u0085\u009f', lastName: 'علی\u200cرضا 👩\u200d👩\u200d👧'}})).toBeNull();
    expect(screenBody('/gifts', {supporter: {firstName: ' !~\u00a0\u2028\u2029\ufeff'}})).toBeNull();
    expect(screenBody('/gifts', {amount: 6000, consent: true, nothing: null})).toBeNull();
  });
});

describe('screenBody and the world’s requests', () => {
  const supporter = honestSupporter;
  const adValue = fc.constantFrom(...AD_IDS.map((id) => id.value), ...COMBINED_AD_IDS, ...CLICK_IDS.map((id) => id.value));
  const utm = fc.record(
    {
      utm_source: fc.constantFrom('facebook', 'google', 'bing', 'tiktok'),
      utm_medium: fc.constantFrom('cpc', 'paid_social'),
      utm_campaign: adValue,
      utm_content: adValue,
      utm_term: adValue,
    },
    {requiredKeys: []},
  );
  const gift = fc.record({
    campaign: fc.constant('save-the-reef'),
    sourceCode: fc.constantFrom(...SOURCE_CODES),
    amount: fc.integer({min: 100, max: 100_000_000}),
    fee: fc.nat({max: 3_000_000}),
    currency: fc.constant('AUD'),
    frequency: fc.constantFrom('one-off', 'monthly'),
    method: fc.constantFrom('card', 'direct-debit'),
    supporter,
    utm,
    botCheck: fc.constantFrom(...TURNSTILE_TOKENS),
  });

  it('lets every honest gift through, its ads’ ids and click ids whole', () => {
    fc.assert(
      fc.property(gift, (body) => {
        expect(screenBody('/gifts', body)).toBeNull();
      }),
      {numRuns: 1000},
    );
  });

  it('lets every honest hosted checkout through, its landing page’s address with it', () => {
    fc.assert(
      fc.property(gift, fc.constantFrom(...LANDING_PAGES), ({method: _method, ...body}, page) => {
        expect(
          screenBody('/checkout', {
            ...body,
            returnUrl: `https://www.example.org/thank-you?from=${encodeURIComponent(page)}`,
            cancelUrl: page,
          }),
        ).toBeNull();
      }),
      {numRuns: 500},
    );
  });

  it('lets every honest signature and one-tap monthly gift through', () => {
    fc.assert(
      fc.property(supporter, utm, fc.constantFrom(...ANSWERS), ({address: _address, ...signer}, tags, value) => {
        const body = {
          campaign: 'ban-deep-sea-mining',
          variant: 'petition',
          supporter: signer,
          answer: {id: 'why_it_matters', value},
          utm: tags,
        };
        expect(screenBody('/signatures', body)).toBeNull();
      }),
      {numRuns: 500},
    );
    for (const first of FIRST_GIFTS) expect(screenBody('/gifts/upgrade', {...first, amount: 3000, fee: 0, currency: 'AUD'})).toBeNull();
  });

  it('refuses a card number in any disguise in a supporter’s field of an otherwise honest gift', () => {
    fc.assert(
      fc.property(
        gift,
        fc.constantFrom(...CARD_NUMBERS),
        fc.constantFrom(...DISGUISES),
        fc.constantFrom('firstName', 'lastName', 'email', 'phone', 'postcode', 'address'),
        (body, {digits}, {write}, field) => {
          const answer = screenBody('/gifts', {...body, supporter: {...body.supporter, [field]: write(digits)}});
          expect(answer?.body.reason).toMatch(/^card details are never sent here \(found at supporter\./);
        },
      ),
      {numRuns: 1000},
    );
  });
});
