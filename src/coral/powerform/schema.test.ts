import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {referenceRows} from '../shared/docs';
import {POWERFORM_OPTIONS} from './options';
import {powerformSchema} from './schema';
import {parsePowerformConfig} from './parse';

describe('powerform config', () => {
  it('fills in the defaults', () => {
    const result = parsePowerformConfig({campaign: 'save-the-reef'});
    expect(result).toMatchObject({
      ok: true,
      config: {
        variant: 'petition',
        fields: {firstName: 'required', lastName: 'optional', email: 'required', phone: 'optional', postcode: 'required'},
        consentRequired: false,
        counter: {enabled: true, count: 0, goal: 10_000},
        gateway: {type: 'sandbox'},
        success: {type: 'inline'},
      },
    });
  });

  it('names every bad key with the value given', () => {
    const result = parsePowerformConfig({
      campaign: 'reef',
      variant: 'short',
      success: {type: 'daisychain', url: 'javascript:alert(1)'},
      counter: {goal: 0},
      colour: 'red',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        {path: 'variant', value: '"short"', message: 'expected one of petition, leads'},
        {
          path: 'success.url',
          value: '"javascript:alert(1)"',
          message: 'expected an https:// address (http:// only for localhost) or a path on this site starting with a single /',
        },
        {path: 'counter.goal', value: '0', message: 'expected at least 1'},
        {path: 'colour', value: '"red"', message: 'not an option here: check the spelling against the config reference'},
      ]),
    );
  });

  it('takes an https address for the live count, or http on this machine, and nothing else', () => {
    const counterUrl = (url: string) => parsePowerformConfig({campaign: 'save-the-reef', counter: {url, goal: 75_000}});
    expect(counterUrl('https://coral.example.org/campaigns/save-the-reef/count')).toMatchObject({
      ok: true,
      config: {counter: {enabled: true, count: 0, goal: 75_000, url: 'https://coral.example.org/campaigns/save-the-reef/count'}},
    });
    expect(counterUrl('http://localhost:8787/campaigns/save-the-reef/count').ok).toBe(true);
    expect(counterUrl('/campaigns/save-the-reef/count').ok).toBe(true);
    for (const url of ['http://coral.example.org/count', 'javascript:alert(1)', '//evil.example/count', '/\\evil.example/count', '']) {
      const result = counterUrl(url);
      expect(result.ok === false && result.errors.map((e) => e.path)).toEqual(['counter.url']);
    }
    const plain = parsePowerformConfig({campaign: 'save-the-reef'});
    expect(plain.ok && plain.config.counter).toEqual({enabled: true, count: 0, goal: 10_000});
  });

  it.each(['redirect', 'daisychain'])('sends a signer after a %s only to an https address or a path on this site', (type) => {
    const success = (url: string) => parsePowerformConfig({campaign: 'save-the-reef', success: {type, url}});
    for (const url of ['/demos/daisychain-page-2', '/donate?from=petition#form', 'https://www.example.org/donate']) {
      expect(success(url)).toMatchObject({ok: true, config: {success: {type, url}}});
    }
    for (const url of ['/\\evil.example/donate', '/\t/evil.example', ' //evil.example', '\\\\evil.example', 'http://evil.example']) {
      expect(success(url)).toEqual({
        ok: false,
        errors: [
          {
            path: 'success.url',
            value: JSON.stringify(url),
            message: 'expected an https:// address (http:// only for localhost) or a path on this site starting with a single /',
          },
        ],
      });
    }
  });

  it('holds the leads form to email, first name and postcode', () => {
    const result = parsePowerformConfig({campaign: 'reef', variant: 'leads'});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.path)).toEqual(['fields.lastName', 'fields.phone']);
    expect(parsePowerformConfig({campaign: 'reef', variant: 'leads', fields: {lastName: 'hidden', phone: 'hidden'}}).ok).toBe(true);
  });

  it('needs the first name for a daisychain and an email for any signature', () => {
    const result = parsePowerformConfig({
      campaign: 'reef',
      fields: {firstName: 'hidden', email: 'hidden'},
      success: {type: 'daisychain', url: '/demos/daisychain-page-2'},
    });
    expect(result.ok === false && result.errors.map((e) => e.path)).toEqual(['fields.email', 'fields.firstName']);
  });

  it('documents every option', () => {
    const rows = referenceRows(powerformSchema, POWERFORM_OPTIONS);
    expect(rows.map((r) => r.key)).toEqual(
      expect.arrayContaining(['campaign', 'fields.email', 'counter.goal', 'counter.url', 'success', 'question']),
    );
    expect(rows.filter((r) => r.description === '' && !r.key.startsWith('messages.'))).toEqual([]);
  });

  it('never throws, and names a key for every refusal, on any input', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.dictionary(fc.constantFrom('campaign', 'variant', 'fields', 'counter', 'success', 'question', 'x'), fc.anything()),
        (any, dict) => {
          for (const input of [any, dict]) {
            const result = parsePowerformConfig(input);
            if (!result.ok) for (const error of result.errors) expect(error.message.length).toBeGreaterThan(0);
          }
        },
      ),
      {numRuns: 1000},
    );
  });
});
