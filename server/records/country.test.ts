/**
 * The supporter's country, kept everywhere their details go, on every database: signers in Fiji and Papua New
 * Guinea through POST /signatures, kept with their country and exported in the last column; a Fiji signer's postcode
 * and a Fijian mobile on a form of Australia alone refused in the form's own words; a giver in Fiji whose
 * country reaches the CRM's payload, the gift's Stripe metadata and their Customer's address at the stand-in.
 */
import {parse} from 'csv-parse/sync';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {
  checkField,
  FIELD_MESSAGES,
  mobileCountries,
  normaliseMobile,
  parsePowerformConfig,
  type PowerformConfig,
} from '../../src/coral/contract/library';
import {answerExport} from './exportRoute';
import {createPgStore} from './pgStore';
import {parseCampaigns} from '../gifts';
import {readCountries} from '../results';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {deliver, giftBody, makeHandler, ORIGIN, post} from '../testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';

const TOKEN = 'export-token-for-tests-only-0000000000';
const PACIFIC = ['AU', 'NZ', 'FJ', 'PG', 'SB'];
const PETITION = 'pacific-ocean';

const parsed = parsePowerformConfig({campaign: PETITION, countries: PACIFIC, fields: {phone: 'optional', postcode: 'optional'}});
if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
const AUSTRALIA = 'reef-petition';
const australian = parsePowerformConfig({campaign: AUSTRALIA, fields: {phone: 'optional'}});
if (!australian.ok) throw new Error(JSON.stringify(australian.errors));
const POWERFORMS = new Map<string, PowerformConfig>([
  [PETITION, parsed.config],
  [AUSTRALIA, australian.config],
]);
const DONATE = {
  campaign: 'pacific-reef',
  frequencies: ['one-off', 'monthly'],
  countries: PACIFIC,
  fields: {phone: 'optional', postcode: 'optional', address: 'optional'},
};

describe.each(DATABASES)('the supporter’s country on $name', ({create}) => {
  let test: TestDatabase;
  let stripe: StripeStandIn;
  let handler: ReturnType<typeof makeHandler>['handler'];
  beforeEach(async () => {
    [test, stripe] = await Promise.all([create(), startStripeStandIn()]);
    handler = makeHandler(stripe, {
      store: createPgStore(test.db, {outbox: true}),
      db: test.db,
      powerforms: POWERFORMS,
      campaigns: parseCampaigns([DONATE]),
      forwarding: true,
    }).handler;
  });
  afterEach(async () => {
    await Promise.all([test.drop(), stripe.close()]);
  });

  const sign = async (supporter: object) => {
    const {status, body} = await post(handler, '/signatures', {campaign: PETITION, variant: 'petition', supporter});
    expect(status, JSON.stringify(body)).toBe(200);
    return String(body.reference);
  };

  it('keeps a Fiji and a Papua New Guinea signer’s country, and exports it in the last column', async () => {
    // No country sent: the mobile's country code (+679) says it.
    const suva = await sign({firstName: 'Litia', email: 'litia@example.org', phone: '+679 701 2345', consent: true});
    const moresby = await sign({firstName: 'Kila', email: 'kila@example.org', country: 'PG', postcode: '111', consent: false});
    const kept = await test.db.query<{reference: string; country: string | null}>('select reference, country from signatures');
    expect(new Map(kept.map((row) => [row.reference, row.country]))).toEqual(
      new Map([
        [suva, 'FJ'],
        [moresby, 'PG'],
      ]),
    );
    const request = new Request('https://coral.example.org/export?kind=signatures', {headers: {authorization: `Bearer ${TOKEN}`}});
    const rows = parse(await (await answerExport({db: test.db, token: TOKEN}, request)).text()) as string[][];
    expect(rows[0]!.at(-1)).toBe('country');
    expect(Object.fromEntries(rows.slice(1).map((row) => [row[0], row.at(-1)]))).toEqual({[suva]: 'FJ', [moresby]: 'PG'});
    // The CRM is told each signer's country too.
    const payloads = await test.db.query<{payload: {data: {supporter: {country?: string}}}}>(
      "select payload from outbox where kind = 'signature' order by id",
    );
    expect(payloads.map((row) => row.payload.data.supporter.country)).toEqual(['FJ', 'PG']);

    // The results page counts the petition by country, most first; the live count answers as it did.
    await sign({firstName: 'Vai', email: 'vai@example.org', country: 'FJ', consent: true});
    expect(await readCountries(test.db, PETITION)).toEqual([
      {country: 'FJ', signatures: 2},
      {country: 'PG', signatures: 1},
    ]);
    const counted = await handler(new Request(`https://coral.example.org/campaigns/${PETITION}/count`, {headers: {origin: ORIGIN}}));
    expect(await counted.json()).toEqual({campaign: PETITION, count: 3});
  });

  it('refuses a Fiji signer’s 4-digit postcode, and a Fijian mobile on a form of Australia alone, in the form’s words, keeping nothing', async () => {
    const refused = async (campaign: string, supporter: object) => {
      const {status, body} = await post(handler, '/signatures', {campaign, variant: 'petition', supporter});
      expect(status).toBe(422);
      return body.reason;
    };
    const litia = {firstName: 'Litia', email: 'litia@example.org', consent: true};
    // The form shows no postcode for Fiji, and its own check says why one given there is refused.
    const fieldsOfFiji = checkField('postcode', '2000', {country: 'FJ', mobile: null}, FIELD_MESSAGES);
    expect(await refused(PETITION, {...litia, country: 'FJ', postcode: '2000'})).toBe(
      `supporter.postcode: ${fieldsOfFiji?.ok === false ? fieldsOfFiji.reason : ''}`,
    );
    // A form that takes Australia alone says of a Fijian mobile what the form says.
    const form = normaliseMobile('+679 701 2345', 'AU', FIELD_MESSAGES, mobileCountries(['AU']));
    expect(await refused(AUSTRALIA, {...litia, phone: '+679 701 2345'})).toBe(`supporter.phone: ${form.ok ? '' : form.reason}`);
    expect(await test.db.query('select reference from signatures')).toEqual([]);
  });

  it('sends a Fiji giver’s country to the CRM, to the gift’s Stripe metadata and to their Customer’s address', async () => {
    const supporter = {
      firstName: 'Litia',
      lastName: 'Tuilau',
      email: 'litia@example.org',
      address: '12 Victoria Pde, Suva',
      country: 'FJ',
      consent: true,
    };
    const {status, body} = await post(
      handler,
      '/gifts',
      giftBody({campaign: DONATE.campaign, supporter, savePaymentMethod: true, utm: {}}),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const intent = stripe.paymentIntents.get(String(body.reference))!;
    expect(intent.metadata).toMatchObject({coral_campaign: DONATE.campaign, coral_country: 'FJ'});
    expect(stripe.customers.get(String(intent.customer))).toMatchObject({
      address: {line1: '12 Victoria Pde, Suva', country: 'FJ'},
    });
    for (const event of stripe.confirm(String(body.clientSecret), 'pm_card_visa')) await deliver(handler, event);
    const [gift] = await test.db.query<{payload: {data: {supporter: Record<string, string>}}}>(
      "select payload from outbox where kind = 'gift'",
    );
    expect(gift!.payload.data.supporter).toEqual({
      firstName: 'Litia',
      lastName: 'Tuilau',
      email: 'litia@example.org',
      address: '12 Victoria Pde, Suva',
      country: 'FJ',
    });
    expect(await test.db.query('select country from gifts')).toEqual([{country: 'FJ'}]);
  });
});
