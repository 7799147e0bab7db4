/** The contract's schemas take what the browser's gateways send, and refuse what the endpoint would not take. */
import {describe, expect, it} from 'vitest';
import {intent, signup} from '../shared/testing';
import {
  campaignCountSchema,
  checkoutRequestSchema,
  giftRequestSchema,
  signatureAnswerSchema,
  signatureRequestSchema,
  upgradeRequestSchema,
} from '.';
import {donateFormConsentLabel, parseDonateFormConfig, parsePowerformConfig, powerformConsentLabel} from './library';

const pages = {returnUrl: 'https://www.example.org/thanks', cancelUrl: 'https://www.example.org/give'};

describe('the requests', () => {
  it('take the gift and the signup as the browser sends them, and give back the same', () => {
    expect(giftRequestSchema.parse(intent())).toEqual(intent());
    expect(signatureRequestSchema.parse(signup())).toEqual(signup());
    expect(checkoutRequestSchema.parse({...intent(), ...pages})).toEqual({...intent(), ...pages});
  });

  it('name direct debit as the form does, never as Stripe does', () => {
    expect(giftRequestSchema.safeParse({...intent(), method: 'direct-debit'}).success).toBe(true);
    expect(giftRequestSchema.safeParse({...intent(), method: 'au_becs_debit'}).success).toBe(false);
  });

  it('read a request without utm values as having none', () => {
    const {utm: _, ...rest} = intent();
    expect(giftRequestSchema.parse(rest).utm).toEqual({});
  });

  it('refuse keys they do not know, the hosted checkout’s too, and a card kept there', () => {
    expect(giftRequestSchema.safeParse({...intent(), card: '4242'}).success).toBe(false);
    expect(signatureRequestSchema.safeParse({...signup(), supporter: {...signup().supporter, address: '1 Main St'}}).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({...intent(), ...pages, card: '4242'}).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({...intent(), ...pages, savePaymentMethod: true}).success).toBe(false);
    const {method: _, ...noMethod} = intent();
    expect(checkoutRequestSchema.safeParse({...noMethod, ...pages}).success).toBe(true);
  });

  it('hold the upgrade to the first gift’s reference', () => {
    const ask = {reference: 'pi_123', clientSecret: 'pi_123_secret_abc', amount: 2500, fee: 0, currency: 'AUD'};
    expect(upgradeRequestSchema.safeParse(ask).success).toBe(true);
    expect(upgradeRequestSchema.safeParse({...ask, reference: 'sub_123'}).success).toBe(false);
  });
});

describe('the answers', () => {
  it('read a signature’s answers, ignoring keys they do not know', () => {
    expect(signatureAnswerSchema.safeParse({status: 'accepted', reference: 'sig_1', extra: true}).success).toBe(true);
    expect(signatureAnswerSchema.safeParse({status: 'approved', reference: 'sig_1'}).success).toBe(false);
  });

  it.each([
    [{campaign: 'ban-deep-sea-mining', count: 48317}, true],
    [{campaign: 'ban-deep-sea-mining', count: -1}, false],
    [{campaign: 'ban-deep-sea-mining', count: 1.5}, false],
    [{campaign: 'ban-deep-sea-mining', count: 2 ** 53}, false],
  ])('a count %j is well formed: %s', (answer, ok) => {
    expect(campaignCountSchema.safeParse(answer).success).toBe(ok);
  });
});

describe('the consent wording', () => {
  it('is the label each form shows, with the config’s messages on top', () => {
    const donate = parseDonateFormConfig({campaign: 'save-the-reef', messages: {consentLabel: 'Email me.'}});
    const petition = parsePowerformConfig({campaign: 'ban-deep-sea-mining'});
    expect(donate.ok && donateFormConsentLabel(donate.config)).toBe('Email me.');
    expect(petition.ok && powerformConsentLabel(petition.config)).toMatch(/^Keep me updated about this campaign/);
  });
});
