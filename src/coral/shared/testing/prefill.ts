/** What every value a form takes from its URL must be, whatever the link said. */
import {expect} from 'vitest';
import {type Prefill, validateEmail} from '../fields';
import {INVISIBLE, MARKUP} from '../hostile';

const NAME_KEYS = ['firstName', 'lastName'] as const;

export function expectSafePrefill(
  values: Prefill<string, string>,
  allowed: {frequencies: readonly string[]; steps: readonly string[]},
): void {
  for (const key of NAME_KEYS) {
    const name = values[key];
    if (name === undefined) continue;
    expect(name).not.toMatch(MARKUP);
    expect(name).not.toMatch(/["&=();]/);
    expect(name).not.toMatch(INVISIBLE);
    expect([...name].length).toBeLessThanOrEqual(50);
    expect(name.trim()).toBe(name);
  }
  if (values.email !== undefined) {
    expect(values.email).not.toMatch(MARKUP);
    expect(validateEmail(values.email)).toEqual({ok: true, value: values.email});
  }
  if (values.phone !== undefined) expect(values.phone).toMatch(/^\+6[14]\d{8,10}$/);
  if (values.postcode !== undefined) expect(values.postcode).toMatch(/^\d{4}$/);
  if (values.amount !== undefined) {
    expect(Number.isSafeInteger(values.amount)).toBe(true);
    expect(values.amount).toBeGreaterThan(0);
  }
  if (values.frequency !== undefined) expect(allowed.frequencies).toContain(values.frequency);
  if (values.step !== undefined) expect(allowed.steps).toContain(values.step);
  for (const utm of Object.values(values.utm)) {
    expect(utm).not.toMatch(MARKUP);
    expect(utm).not.toMatch(INVISIBLE);
    expect([...utm].length).toBeLessThanOrEqual(100);
  }
}

/** Every warning names one parameter that was given, once, and says why it was ignored. */
export function expectWarningsFor(warnings: readonly string[], given: readonly string[]): string[] {
  const named = warnings.map((warning) => {
    const match = /^Coral: ignored URL parameter "([^"]+)": (.+)$/s.exec(warning);
    expect(match, warning).not.toBeNull();
    expect(match![2]!.trim()).not.toBe('');
    return match![1]!;
  });
  expect(new Set(named).size).toBe(named.length);
  for (const name of named) expect(given).toContain(name);
  return named;
}
