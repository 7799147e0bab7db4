import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {normaliseMobile} from './phone';
import {parseUrlParams} from './urlParams';

const allowed = {
  frequencies: ['one-off', 'monthly'] as const,
  steps: ['amount', 'details', 'payment'] as const,
  mobile: (value: string) => normaliseMobile(value),
  country: 'AU',
};

describe('parseUrlParams', () => {
  it('reads every listed parameter', () => {
    const {values, warnings} = parseUrlParams(
      '?amount=50&frequency=monthly&first_name=Mere&last_name=O%27Brien-Tane&email=mere%40example.org&phone=0412%20345%20678&postcode=2000&step=details&utm_source=facebook&utm_medium=paid_social&utm_campaign=reef-2026&utm_content=video%20A&utm_term=reef',
      allowed,
    );
    expect(warnings).toEqual([]);
    expect(values).toEqual({
      amount: 5000,
      frequency: 'monthly',
      firstName: 'Mere',
      lastName: "O'Brien-Tane",
      email: 'mere@example.org',
      phone: '+61412345678',
      postcode: '2000',
      step: 'details',
      utm: {utm_source: 'facebook', utm_medium: 'paid_social', utm_campaign: 'reef-2026', utm_content: 'video A', utm_term: 'reef'},
    });
  });

  it('takes a name of letters, spaces, apostrophes, full stops and hyphens, and names that rule when it refuses one', () => {
    const read = (name: string) => parseUrlParams(`?first_name=${encodeURIComponent(name)}`, allowed);
    for (const name of ['J. R.', 'O’Neil-Smith', "O'Brien", 'Māori', 'Ngā Tāne']) expect(read(name).values.firstName).toBe(name);
    const refused = read('Mere!');
    expect(refused.values.firstName).toBeUndefined();
    expect(refused.warnings.join('\n')).toContain('expected up to 50 letters, spaces, apostrophes, full stops or hyphens');
  });

  it('ignores parameters it does not list', () => {
    expect(parseUrlParams('?card=4242424242424242&admin=1&__proto__=x', allowed)).toEqual({values: {utm: {}}, warnings: []});
  });

  it('drops an invalid value with a warning naming the parameter', () => {
    const {values, warnings} = parseUrlParams('?amount=lots&frequency=yearly&postcode=20000&step=thanks&email=nope', allowed);
    expect(values).toEqual({utm: {}});
    expect(warnings).toHaveLength(5);
    expect(warnings[0]).toMatch(/^Coral: ignored URL parameter "amount": .*not an amount/);
    expect(warnings[1]).toBe('Coral: ignored URL parameter "frequency": expected one of one-off, monthly');
  });

  it.each([
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    "Jo' onmouseover='alert(1)",
    'Jo\u202Eevil',
  ])('refuses the script payload %j in every text parameter', (payload) => {
    const search = new URLSearchParams();
    for (const name of ['first_name', 'last_name', 'email', 'phone', 'postcode', 'utm_source', 'utm_campaign']) {
      search.set(name, payload);
    }
    const {values, warnings} = parseUrlParams(search, allowed);
    expect(values).toEqual({utm: {}});
    expect(warnings).toHaveLength(7);
  });

  it('never throws and only ever returns checked values', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('amount', 'frequency', 'first_name', 'email', 'phone', 'postcode', 'step', 'utm_source', 'x'),
          fc.string(),
        ),
        (dict) => {
          const {values} = parseUrlParams(new URLSearchParams(dict), allowed);
          return !Object.values(values).some((v) => typeof v === 'string' && /[<>"]/.test(v));
        },
      ),
      {numRuns: 1000},
    );
  });
});
