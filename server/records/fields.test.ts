/**
 * One rule for a supporter's fields on every route that takes them: /gifts, /checkout and /signatures refuse and keep
 * the same values the same way, in the forms' own words, whichever form sent them.
 */
import {describe, expect, it} from 'vitest';
import {parsePowerformConfig, type PowerformConfig} from '../../src/coral/contract/library';
import {checkCheckout, checkGift, parseCampaigns} from '../gifts';
import {checkSupporterFields} from './fields';
import {checkSignature} from '../signatures';
import {giftBody, ORIGIN} from '../testing/fixtures';

const CAMPAIGN = 'save-the-reef';
const CAMPAIGNS = parseCampaigns([{campaign: CAMPAIGN, fields: {phone: 'hidden', postcode: 'required', address: 'optional'}}]);
const parsed = parsePowerformConfig({campaign: CAMPAIGN, fields: {lastName: 'optional', phone: 'hidden', postcode: 'required'}});
if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
const POWERFORMS = new Map<string, PowerformConfig>([[CAMPAIGN, parsed.config]]);

const KEPT = {firstName: 'Siobhán', lastName: 'O’Brien-Ngāti', email: 'siobhan.obrien@example.org', postcode: '2000'};
const SIOBHAN = {...KEPT, consent: true};

/** What each route answers for the same supporter: the supporter as kept, or the reason it was refused. */
async function everyRoute(change: Record<string, string>) {
  const supporter = {...SIOBHAN, ...change};
  const gift = checkGift(giftBody({campaign: CAMPAIGN, supporter}), CAMPAIGNS);
  const checkout = checkCheckout(
    {...giftBody({campaign: CAMPAIGN, supporter}), returnUrl: `${ORIGIN}/thank-you`, cancelUrl: `${ORIGIN}/donate`},
    CAMPAIGNS,
    new Set([ORIGIN]),
  );
  const signature = await checkSignature({campaign: CAMPAIGN, variant: 'petition', supporter, utm: {}}, POWERFORMS);
  const kept = <T extends {supporter: object}>(checked: {ok: true; value: T} | {ok: false; reason: string}) => {
    if (!checked.ok) return checked.reason;
    const {consent: _consent, ...fields} = checked.value.supporter as Record<string, unknown>;
    return fields;
  };
  return {
    gifts: kept(gift),
    checkout: kept(checkout.ok ? {ok: true, value: checkout.value.gift} : checkout),
    signatures: kept(signature),
  };
}

const same = (answer: unknown) => ({gifts: answer, checkout: answer, signatures: answer});

describe('a supporter’s fields, on every route', () => {
  it('refuses a postcode written abroad in the form’s words, however long, not with the request’s limit', async () => {
    for (const postcode of ['98800', '98800 Nouméa', '2000 Australia', 'AS 96799-9999']) {
      expect(await everyRoute({postcode})).toEqual(same('supporter.postcode: Postcode must be 4 digits.'));
    }
    expect(await everyRoute({postcode: '\u00a0２０００\u3000'})).toEqual(same({...KEPT, country: 'AU'}));
  });

  it('refuses a value for a field the campaign hides, on both forms: the form never sends one', async () => {
    expect(await everyRoute({phone: '0412 345 678'})).toEqual(same('supporter.phone: this campaign does not ask for it; leave it out'));
    // Left blank, it is as if it were left out.
    expect(await everyRoute({phone: ' '})).toEqual(same({...KEPT, country: 'AU'}));
  });

  it('keeps the email lower-cased on both forms, plus addressing and all, and the names as typed', async () => {
    const answer = await everyRoute({firstName: ' Zoë ', lastName: 'Mā’ori-D’Arcy', email: ' Siobhan.OBrien+Reef@Example.ORG '});
    expect(answer).toEqual(
      same({...KEPT, country: 'AU', firstName: 'Zoë', lastName: 'Mā’ori-D’Arcy', email: 'siobhan.obrien+reef@example.org'}),
    );
  });

  it('refuses a required field left blank, and a value the form refuses, in the same words on both forms', async () => {
    expect(await everyRoute({postcode: '\u3000'})).toEqual(same('supporter.postcode: required by this campaign'));
    expect(await everyRoute({email: 'siobhan@example'})).toEqual(same('supporter.email: Enter an email address like name@example.com.'));
  });
});

describe('a supporter’s country, on every route', () => {
  const PACIFIC = parsePowerformConfig({
    campaign: 'pacific-voices',
    countries: ['AU', 'NZ', 'FJ', 'PG', 'SB'],
    fields: {phone: 'optional', postcode: 'required'},
  });
  if (!PACIFIC.ok) throw new Error(JSON.stringify(PACIFIC.errors));
  const forms = new Map<string, PowerformConfig>([['pacific-voices', PACIFIC.config]]);
  const sign = async (supporter: Record<string, string>) => {
    const checked = await checkSignature(
      {
        campaign: 'pacific-voices',
        variant: 'petition',
        supporter: {firstName: 'Mere', email: 'mere@example.org', consent: true, ...supporter},
        utm: {},
      },
      forms,
    );
    return checked.ok ? checked.value.supporter : checked.reason;
  };

  it('takes a signer in Fiji without a postcode, and one in Papua New Guinea with three digits, each with their mobile', async () => {
    expect(await sign({country: 'FJ', phone: '+679 701 2345'})).toMatchObject({country: 'FJ', phone: '+6797012345'});
    expect(await sign({country: 'FJ', phone: '701 2345'})).toMatchObject({country: 'FJ', phone: '+6797012345'});
    expect(await sign({country: 'PG', postcode: '111', phone: '7012 3456'})).toMatchObject({country: 'PG', postcode: '111'});
    expect(await sign({country: 'AU', postcode: '2000'})).toMatchObject({country: 'AU', postcode: '2000'});
  });

  it('refuses a postcode from Fiji, and a postcode of the wrong length, in the form’s words', async () => {
    expect(await sign({country: 'FJ', postcode: '2000'})).toBe('supporter.postcode: There are no postcodes in Fiji: leave it out.');
    expect(await sign({country: 'PG', postcode: '1111'})).toBe('supporter.postcode: Postcode must be 3 digits.');
    expect(await sign({country: 'PG'})).toBe('supporter.postcode: required by this campaign');
  });

  it('refuses a country the form does not take, and reads one left out from the mobile, else the form’s own', async () => {
    expect(await sign({country: 'NC', postcode: '98800'})).toBe(
      'supporter.country: expected AU, NZ, FJ, PG, SB, the countries this form takes',
    );
    expect(await sign({postcode: '2000', phone: '+679 701 2345'})).toBe(
      'supporter.postcode: There are no postcodes in Fiji: leave it out.',
    );
    expect(await sign({phone: '+679 701 2345'})).toMatchObject({country: 'FJ'});
    // The mobile's country decides the postcode's format too: Papua New Guinea's 3 digits.
    expect(await sign({postcode: '111', phone: '+675 7012 3456'})).toMatchObject({country: 'PG', postcode: '111'});
    expect(await sign({postcode: '2000'})).toMatchObject({country: 'AU'});
  });

  it('refuses a Fijian mobile on a form that takes Australia alone, with the message the form shows', () => {
    const checked = checkSupporterFields({phone: 'optional'}, {phone: '+679 701 2345'}, 'supporter', {locale: 'en-AU', countries: ['AU']});
    expect(checked).toEqual({
      ok: false,
      reason:
        'supporter.phone: That is not a mobile number we can text. Enter an Australian or New Zealand mobile number, like 0412 345 678.',
    });
  });
});

describe('checkSupporterFields', () => {
  it('names the first problem under the path it is given, in the fields’ order', () => {
    const modes = {firstName: 'required', email: 'required', postcode: 'optional'} as const;
    expect(checkSupporterFields(modes, {firstName: '', email: 'x', postcode: '12345'}, 'changes')).toEqual({
      ok: false,
      reason: 'changes.firstName: required by this campaign',
    });
    expect(checkSupporterFields(modes, {firstName: 'Ada', email: 'x', postcode: '12345'}, 'changes')).toEqual({
      ok: false,
      reason: 'changes.email: Enter an email address like name@example.com.',
    });
  });

  it('keeps only the fields given, trimmed and folded, and checks no field the modes do not name', () => {
    const modes = {firstName: 'optional', postcode: 'optional'} as const;
    expect(checkSupporterFields(modes, {firstName: ' Ada ', postcode: '０８００'}, 'supporter')).toEqual({
      ok: true,
      value: {firstName: 'Ada', postcode: '0800'},
    });
  });
});
