/** checkSignature: a powerform's signature checked against the campaign's own powerform config. */
import {createHash} from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {normaliseMobile, parsePowerformConfig, type PowerformConfig} from '../../src/coral/contract/library';
import {POWERFORM_MESSAGES} from '../../src/coral/powerform/core';
import {checkSignature} from './signature';
import {ANSWERS, EMAILS, FIRST_NAMES, LAST_NAMES} from '../testing/corpus/people';
import {PHONES} from '../testing/corpus/phones';
import {POSTCODES} from '../testing/corpus/postcodes';
import {typedEveryWay} from '../testing/corpus/typing';

function powerform(input: Record<string, unknown>): PowerformConfig {
  const parsed = parsePowerformConfig(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.config;
}

const POWERFORMS = new Map(
  [
    powerform({
      campaign: 'ban-deep-sea-mining',
      sourceCode: 'DSM-PETITION',
      counter: {count: 48317, goal: 75000},
      question: {type: 'text', id: 'why_it_matters', label: 'Why does it matter to you?', required: true},
    }),
    powerform({
      campaign: 'protect-the-kauri',
      consentRequired: true,
      question: {type: 'choice', id: 'local_forest', label: 'Your forest', options: ['Waipoua', 'Puketi']},
      messages: {consentLabel: 'Yes, email me about the kauri.'},
    }),
    powerform({campaign: 'plastic-free-july', variant: 'leads', fields: {lastName: 'hidden', phone: 'hidden'}}),
    powerform({campaign: 'reef-chain', success: {type: 'daisychain', url: 'https://www.example.org/donate'}}),
  ].map((config) => [config.campaign, config]),
);

/** A good signature for the deep-sea petition, as the powerform sends it; `change` replaces fields. */
const signature = (change: Record<string, unknown> = {}) => ({
  campaign: 'ban-deep-sea-mining',
  variant: 'petition',
  supporter: {firstName: ' Ada ', lastName: 'Lovelace', email: ' Ada@Example.ORG ', postcode: '2000', consent: true},
  answer: {id: 'why_it_matters', value: ' For the whales '},
  utm: {utm_source: 'newsletter'},
  ...change,
});

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('checkSignature', () => {
  it('accepts a good signature and returns it as checked: trimmed, the email lower-cased, the consent it was given with', async () => {
    const checked = await checkSignature(signature(), POWERFORMS);
    const wording = POWERFORM_MESSAGES.consentLabel;
    expect(checked).toEqual({
      ok: true,
      value: {
        campaign: 'ban-deep-sea-mining',
        kind: 'petition',
        sourceCode: 'DSM-PETITION',
        supporter: {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', postcode: '2000', country: 'AU'},
        answer: {id: 'why_it_matters', value: 'For the whales'},
        utm: {utm_source: 'newsletter'},
        consent: {given: true, wording, version: sha256(wording).slice(0, 16)},
        form: null,
      },
    });
  });

  it('records the consent wording the config shows, with its messages overrides, and a version that follows the words', async () => {
    const body = {
      campaign: 'protect-the-kauri',
      variant: 'petition',
      supporter: {firstName: 'Mere', email: 'mere@example.org', postcode: '0110', consent: true},
    };
    const checked = await checkSignature(body, POWERFORMS);
    const wording = 'Yes, email me about the kauri.';
    expect(checked.ok && checked.value.consent).toEqual({given: true, wording, version: sha256(wording).slice(0, 16)});
    expect(checked.ok && checked.value.consent.version).toMatch(/^[0-9a-f]{16}$/);
    const other = await checkSignature(signature(), POWERFORMS);
    expect(other.ok && other.value.consent.version).not.toBe(checked.ok && checked.value.consent.version);
  });

  it('records a consent not given, where the campaign does not require it', async () => {
    const checked = await checkSignature(
      signature({supporter: {firstName: 'Ada', email: 'ada@example.org', postcode: '2000', consent: false}}),
      POWERFORMS,
    );
    expect(checked.ok && checked.value.consent.given).toBe(false);
  });

  it('keeps only the utm values a machine wrote, as the form’s events do', async () => {
    const utm = {
      utm_source: 'newsletter',
      utm_campaign: 'EOFY 2026 - Prospecting',
      utm_content: '0412 345 678',
      utm_term: 'mere@example.org',
    };
    const checked = await checkSignature({...signature(), utm}, POWERFORMS);
    expect(checked.ok && checked.value.utm).toEqual({utm_source: 'newsletter', utm_campaign: 'EOFY 2026 - Prospecting'});
  });

  it('takes the request’s source code over the config’s, and no utm as none', async () => {
    const checked = await checkSignature({...signature({sourceCode: 'DSM-EMAIL'}), utm: undefined}, POWERFORMS);
    expect(checked.ok && [checked.value.sourceCode, checked.value.utm]).toEqual(['DSM-EMAIL', {}]);
  });

  it.each([
    [
      'leads',
      {
        campaign: 'plastic-free-july',
        variant: 'leads',
        answer: undefined,
        supporter: {email: 'a@example.org', firstName: 'Ada', postcode: '2000', consent: false},
      },
    ],
    ['daisychain', {campaign: 'reef-chain', answer: undefined}],
  ])('names the kind %s', async (kind, change) => {
    const checked = await checkSignature(signature(change), POWERFORMS);
    expect(checked.ok && checked.value.kind).toBe(kind);
  });

  it('leaves out an optional question left unanswered, and empty hidden fields', async () => {
    const body = {
      campaign: 'plastic-free-july',
      variant: 'leads',
      supporter: {email: 'a@example.org', firstName: 'Ada', lastName: '', postcode: '2000', consent: false},
    };
    const leads = await checkSignature(body, POWERFORMS);
    expect(leads.ok && leads.value.supporter).toEqual({email: 'a@example.org', firstName: 'Ada', postcode: '2000', country: 'AU'});
    const kauri = {
      campaign: 'protect-the-kauri',
      variant: 'petition',
      supporter: {firstName: 'Mere', email: 'm@example.org', postcode: '0110', consent: true},
    };
    const unanswered = await checkSignature({...kauri, answer: {id: 'local_forest', value: ' '}}, POWERFORMS);
    expect(unanswered.ok && unanswered.value.answer).toBeUndefined();
  });

  it.each([
    ['a malformed body', {variant: 'signup'}, 'variant: got "signup"; expected one of petition, leads'],
    [
      'a key the contract does not have',
      {comment: 'hi'},
      'comment: got "hi"; not an option here: check the spelling against the config reference',
    ],
    [
      'an unknown campaign',
      {campaign: 'save-the-whales'},
      'campaign: "save-the-whales" is not a campaign this endpoint takes signatures for',
    ],
    ['another variant than the config’s', {variant: 'leads'}, 'variant: expected "petition" for this campaign'],
    [
      'a required field left out',
      {supporter: {firstName: 'Ada', email: 'ada@example.org', consent: true}},
      'supporter.postcode: required by this campaign',
    ],
    [
      'a required field left blank',
      {supporter: {firstName: '  ', email: 'ada@example.org', postcode: '2000', consent: true}},
      'supporter.firstName: required by this campaign',
    ],
    [
      'a field the form does not show',
      {
        campaign: 'plastic-free-july',
        variant: 'leads',
        answer: undefined,
        supporter: {email: 'a@example.org', firstName: 'Ada', postcode: '2000', phone: '0412345678', consent: false},
      },
      'supporter.phone: this campaign does not ask for it; leave it out',
    ],
    [
      'a postcode the form would refuse',
      {supporter: {firstName: 'Ada', email: 'ada@example.org', postcode: '20000', consent: true}},
      'supporter.postcode: Postcode must be 4 digits.',
    ],
    [
      'consent not given where the campaign requires it',
      {
        campaign: 'protect-the-kauri',
        answer: undefined,
        supporter: {firstName: 'Mere', email: 'm@example.org', postcode: '0110', consent: false},
      },
      'supporter.consent: this campaign takes signatures only with consent',
    ],
    ['an answer where there is no question', {campaign: 'reef-chain'}, 'answer: this campaign asks no question; leave it out'],
    [
      'an answer to another question',
      {answer: {id: 'why', value: 'whales'}},
      'answer.id: expected "why_it_matters", this campaign’s question',
    ],
    ['a required question unanswered', {answer: undefined}, 'answer: required by this campaign (question "why_it_matters")'],
    [
      'a choice the question does not offer',
      {campaign: 'protect-the-kauri', answer: {id: 'local_forest', value: 'Tāne Mahuta'}},
      'answer.value: expected one of the question’s options: Waipoua, Puketi',
    ],
  ])('refuses %s', async (_, change, reason) => {
    expect(await checkSignature(signature(change), POWERFORMS)).toEqual({ok: false, reason});
  });

  it('refuses an email the form would refuse, in the form’s words', async () => {
    const checked = await checkSignature(
      signature({supporter: {firstName: 'Ada', email: 'ada@', postcode: '2000', consent: true}}),
      POWERFORMS,
    );
    expect(checked).toMatchObject({ok: false, reason: expect.stringMatching(/^supporter\.email: \S/)});
  });

  it('refuses an answer longer than the form takes', async () => {
    const checked = await checkSignature(signature({answer: {id: 'why_it_matters', value: 'w'.repeat(501)}}), POWERFORMS);
    expect(checked).toMatchObject({ok: false, reason: expect.stringMatching(/^answer\.value: got "w+…; expected at most 500 characters$/)});
  });
});

describe('checkSignature, with the values people type', () => {
  const signer = async (change: Record<string, string>, campaign = 'ban-deep-sea-mining') => {
    const supporter = {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', postcode: '2000', consent: true, ...change};
    const checked = await checkSignature(
      signature({campaign, supporter, ...(campaign === 'reef-chain' ? {answer: undefined} : {})}),
      POWERFORMS,
    );
    return checked.ok ? checked.value.supporter : checked.reason;
  };

  it('takes every name of the corpus, typed every way, and keeps it trimmed', async () => {
    for (const [field, names] of [
      ['firstName', typedEveryWay(FIRST_NAMES)],
      ['lastName', typedEveryWay(LAST_NAMES)],
    ] as const) {
      for (const name of names) expect(await signer({[field]: name})).toMatchObject({[field]: name.trim()});
    }
  });

  it('takes every email of the corpus, lower-cased', async () => {
    for (const email of EMAILS) expect(await signer({email: ` ${email}`})).toMatchObject({email: email.toLowerCase()});
  });

  it('takes every Australian and New Zealand postcode typed every way, keeping its four plain digits', async () => {
    for (const postcode of POSTCODES) expect(await signer({postcode})).toMatchObject({postcode: postcode.normalize('NFKC').trim()});
    expect(await signer({postcode: '２０００'})).toMatchObject({postcode: '2000'});
  });

  it('checks every phone number of the corpus as the form does: the same mobile kept, or the form’s own words', async () => {
    let kept = 0;
    for (const phone of PHONES.filter((value) => value.length <= 20)) {
      const form = normaliseMobile(phone.normalize('NFKC').trim());
      const checked = await signer({phone}, 'reef-chain');
      if (form.ok) kept += 1;
      expect(checked, phone).toEqual(form.ok ? expect.objectContaining({phone: form.value}) : `supporter.phone: ${form.reason}`);
    }
    // Australia's and New Zealand's mobiles, written every way, are taken on a form of Australia.
    expect(kept).toBeGreaterThan(100);
  });

  it('takes every answer of the corpus to a free-text question, trimmed', async () => {
    for (const value of ANSWERS) {
      const checked = await checkSignature(signature({answer: {id: 'why_it_matters', value: ` ${value} `}}), POWERFORMS);
      expect(checked.ok && checked.value.answer).toEqual({id: 'why_it_matters', value});
    }
  });
});
