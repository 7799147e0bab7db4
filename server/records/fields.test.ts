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
    expect(await everyRoute({postcode: '\u00a0２０００\u3000'})).toEqual(same(KEPT));
  });

  it('refuses a value for a field the campaign hides, on both forms: the form never sends one', async () => {
    expect(await everyRoute({phone: '0412 345 678'})).toEqual(same('supporter.phone: this campaign does not ask for it; leave it out'));
    // Left blank, it is as if it were left out.
    expect(await everyRoute({phone: ' '})).toEqual(same(KEPT));
  });

  it('keeps the email lower-cased on both forms, plus addressing and all, and the names as typed', async () => {
    const answer = await everyRoute({firstName: ' Zoë ', lastName: 'Mā’ori-D’Arcy', email: ' Siobhan.OBrien+Reef@Example.ORG '});
    expect(answer).toEqual(same({...KEPT, firstName: 'Zoë', lastName: 'Mā’ori-D’Arcy', email: 'siobhan.obrien+reef@example.org'}));
  });

  it('refuses a required field left blank, and a value the form refuses, in the same words on both forms', async () => {
    expect(await everyRoute({postcode: '\u3000'})).toEqual(same('supporter.postcode: required by this campaign'));
    expect(await everyRoute({email: 'siobhan@example'})).toEqual(same('supporter.email: Enter an email address like name@example.com.'));
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
