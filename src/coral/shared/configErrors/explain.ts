/**
 * A wrong config explained: every problem, one per key, naming the key as the
 * config spells it, showing the value given and saying what is allowed.
 */
import type * as zod from 'zod/mini';
import {checkConfig, counted, pathOf, type ConfigError, type ConfigFailure, type ParseResult} from '../config';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let here: unknown = input;
  for (const key of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here;
}

// An object without a prototype has no toString, so even String() throws on one JSON cannot show (a BigInt inside).
function asText(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

export function showValue(value: unknown): string {
  if (value === undefined) return '(missing)';
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return asText(value);
    return text.length > 80 ? `${text.slice(0, 77)}…` : text;
  } catch {
    return asText(value);
  }
}

const list = (values: readonly unknown[]): string => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');

function allowed(issue: zod.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return issue.values.length === 1 ? `expected ${list(issue.values)}` : `expected one of ${list(issue.values)}`;
    case 'invalid_type':
      return `expected ${issue.expected === 'int' ? 'a whole number' : `${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `expected at least ${counted('item', Number(issue.minimum))}`
        : issue.origin === 'string'
          ? `expected at least ${counted('character', Number(issue.minimum))}`
          : `expected ${issue.inclusive ? 'at least' : 'more than'} ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'array'
        ? `expected at most ${counted('item', Number(issue.maximum))}`
        : issue.origin === 'string'
          ? `expected at most ${counted('character', Number(issue.maximum))}`
          : `expected ${issue.inclusive ? 'at most' : 'less than'} ${String(issue.maximum)}`;
    case 'invalid_union':
      // A union with its own message (the gateways) names the shapes it takes.
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'expected one of the documented shapes';
    case 'not_multiple_of':
      return issue.divisor === 0.01
        ? 'expected an amount in dollars and cents, like 25 or 25.50'
        : `expected a multiple of ${issue.divisor}`;
    case 'invalid_format':
      // A pattern with its own message (campaign ids, currency codes) says what is allowed; a bare one names the format.
      return issue.message && issue.message !== 'Invalid input'
        ? issue.message
        : `expected ${issue.format === 'regex' ? 'the documented format' : issue.format}`;
    default:
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'not allowed here: see the config reference';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A dotted name ("submit.one-off") as the keys nested in `value` spell it, with what is there; null when they do not. */
function unflatten(value: Record<string, unknown>, name: string): {keys: string[]; found: unknown} | null {
  for (const key of Object.keys(value)) {
    if (name === key) return {keys: [key], found: value[key]};
    const inner = value[key];
    if (name.startsWith(`${key}.`) && isRecord(inner)) {
      const rest = unflatten(inner, name.slice(key.length + 1));
      if (rest) return {keys: [key, ...rest.keys], found: rest.found};
    }
  }
  return null;
}

/**
 * An issue's path as the input spells it. A schema that reads nested keys as
 * dotted ones (the message overrides) reports "submit.one-off"; the error
 * names the keys the config was written with.
 */
function inputPath(input: unknown, path: readonly PropertyKey[]): PropertyKey[] {
  const spelled: PropertyKey[] = [];
  let here: unknown = input;
  for (const [i, key] of path.entries()) {
    if (isRecord(here) && typeof key === 'string' && !Object.hasOwn(here, key)) {
      const nested = unflatten(here, key);
      if (nested) {
        spelled.push(...nested.keys);
        here = nested.found;
        continue;
      }
    }
    if (here === null || typeof here !== 'object') return [...spelled, ...path.slice(i)];
    spelled.push(key);
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return spelled;
}

/** Every problem of a config that failed its check, one per key. */
export function explainConfig({input, issues}: ConfigFailure): ConfigError[] {
  const errors: ConfigError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = inputPath(input, [...issue.path, key]);
        errors.push({
          path: pathOf(path),
          value: showValue(valueAt(input, path)),
          message: 'not an option here: check the spelling against the config reference',
        });
      }
      continue;
    }
    const path = inputPath(input, issue.path);
    errors.push({path: pathOf(path), value: showValue(valueAt(input, path)), message: allowed(issue)});
  }
  return errors;
}

/** Checks a config and, when it is wrong, explains it: for the endpoint, the docs and the tests, which always want the words. */
export function parseConfig<S extends zod.ZodMiniType>(schema: S, input: unknown): ParseResult<zod.output<S>> {
  const checked = checkConfig(schema, input);
  return checked.ok ? checked : {ok: false, errors: explainConfig(checked)};
}

/** One line per error, as the error box and the console show them. */
export const describeError = (error: ConfigError): string => `${error.path || 'config'}: got ${error.value}; ${error.message}`;
