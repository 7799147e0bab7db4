import {describe, expect, it} from 'vitest';
import {normaliseMobile} from '../shared/phone';
import {readPrefill} from './derive';

describe('reading the URL', () => {
  it('keeps valid details and utm values, and drops bad ones with a warning', () => {
    const {values, warnings} = readPrefill(
      '?first_name=Mere&last_name=%3Cb%3ETane%3C%2Fb%3E&email=mere%40example.org&phone=0412345678&postcode=20&utm_source=email',
      (v) => normaliseMobile(v),
    );
    expect(values).toEqual({firstName: 'Mere', email: 'mere@example.org', phone: '+61412345678', utm: {utm_source: 'email'}});
    expect(warnings).toEqual([expect.stringContaining('"last_name"'), expect.stringContaining('"postcode"')]);
  });

  it("leaves a donate form's parameters alone", () => {
    const {values, warnings} = readPrefill('?amount=abc&frequency=yearly&step=payment', (v) => normaliseMobile(v));
    expect(values).toEqual({utm: {}});
    expect(warnings).toEqual([]);
  });
});
