import {describe, expect, it} from 'vitest';
import {fill, plural} from './template';

describe('plural', () => {
  const messages = {'things.one': '{count} thing', 'things.other': '{count} things'};

  it('picks the form the locale uses for the count', () => {
    expect(plural(messages, 'things', 1, 'en-AU')).toBe('1 thing');
    expect(plural(messages, 'things', 0, 'en-AU')).toBe('0 things');
    expect(plural(messages, 'things', 1200, 'en-AU')).toBe('1,200 things');
  });

  it('falls back to the other form where the table has none for the locale’s category', () => {
    // Polish says "few" for 2–4: a table that only has one and other still reads.
    expect(plural(messages, 'things', 3, 'pl')).toBe('3 things');
    const polish: Record<'things.other' | 'things.few', string> = {...messages, 'things.few': '{count} rzeczy'};
    expect(plural(polish, 'things', 3, 'pl')).toBe('3 rzeczy');
  });
});

describe('fill', () => {
  it('fills known placeholders as text and leaves unknown ones', () => {
    expect(fill('{a} and {b}', {a: '<b>x</b>'})).toBe('<b>x</b> and {b}');
  });
});
