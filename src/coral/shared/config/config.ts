/**
 * A component's config checked against its schema. The check is all a form
 * needs to run; a wrong config's explanation (each bad key, the value given
 * and what is allowed) is ../configErrors, which a form fetches only when it
 * has a wrong config to explain.
 */
import type * as zod from 'zod/mini';
import {plural} from '../basics';

export type ConfigError = {
  /** Dotted path of the key, e.g. `amounts.monthly.min`; empty for the config itself. */
  path: string;
  /** The value given, as JSON text ("(missing)" when the key was absent). */
  value: string;
  /** What is allowed there. */
  message: string;
};

export type ParseResult<T> = {ok: true; config: T} | {ok: false; errors: ConfigError[]};

/** What a wrong config's explanation is made from: the config as given, and the schema's issues with it. */
export type ConfigFailure = {ok: false; input: unknown; issues: readonly zod.core.$ZodIssue[]};
export type CheckResult<T> = {ok: true; config: T} | ConfigFailure;

/** Checks a config against its schema, without explaining what is wrong (../configErrors does that). */
export function checkConfig<S extends zod.ZodMiniType>(schema: S, input: unknown): CheckResult<zod.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? {ok: true, config: result.data} : {ok: false, input, issues: result.error.issues};
}

// Plain keys join with dots; an odd key (empty, spaced, dotted) is quoted so the path still points at it.
export const pathOf = (path: readonly PropertyKey[]): string =>
  path
    .map((key, i) => {
      const text = String(key);
      if (/^[\w-]+$/.test(text)) return i === 0 ? text : `.${text}`;
      return `[${JSON.stringify(text)}]`;
    })
    .join('');

// A producer reads these in English, whatever the supporter's locale.
const COUNTS = {
  'problem.one': '{count} problem',
  'problem.other': '{count} problems',
  'item.one': '{count} item',
  'item.other': '{count} items',
  'character.one': '{count} character',
  'character.other': '{count} characters',
} as const;

/** A count a producer reads, with its noun in the form the count takes: "1 problem", "2 problems". */
export const counted = (noun: 'problem' | 'item' | 'character', count: number): string => plural(COUNTS, noun, count, 'en');
