/**
 * Prefill values from a page's URL. Only the listed parameters are read; each
 * is checked like typed input, and one that fails is dropped with a warning.
 * Values are plain strings for text fields: nothing here is ever HTML.
 */
import type {Country} from './country';
import {checkField, FIELD_MESSAGES, FIELD_TABLE, SUPPORTER_FIELDS, type SupporterField} from './fields';
import {parseAmount, type Cents} from '../money';
import {accept, refuse, type Check} from '../basics';

export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
export type UtmParam = (typeof UTM_PARAMS)[number];
export type Utm = Partial<Record<UtmParam, string>>;

/** The supporter fields a URL may prefill: those the field table gives a parameter. */
export type PrefilledField = Exclude<SupporterField, 'address'>;
export const PREFILLED_FIELDS = SUPPORTER_FIELDS.filter((field): field is PrefilledField => FIELD_TABLE[field].param !== null);

export type Prefill<F extends string, S extends string> = {
  amount?: Cents;
  frequency?: F;
  step?: S;
  utm: Utm;
} & Partial<Record<PrefilledField, string>>;

export type ParsedParams<F extends string, S extends string> = {values: Prefill<F, S>; warnings: string[]};

const UTM = /^[\p{L}\p{N} _.,+\-/|]{1,100}$/u;

/**
 * Reads parameters one at a time: each is trimmed and checked, then kept or
 * dropped with a warning naming it. Every component's URL reading goes through this.
 */
export function paramReader(search: string | URLSearchParams) {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const warnings: string[] = [];
  const take = <T>(name: string, check: (value: string) => Check<T>, keep: (value: T) => void): void => {
    const raw = params.get(name);
    if (raw === null) return;
    const checked = check(raw.trim());
    if (checked.ok) keep(checked.value);
    else warnings.push(`Coral: ignored URL parameter "${name}": ${checked.reason}`);
  };
  return {take, warnings};
}

export function parseUrlParams<F extends string, S extends string>(
  search: string | URLSearchParams,
  allowed: {
    frequencies: readonly F[];
    steps: readonly S[];
    /** The mobile check, passed in so the phone metadata loads only on pages that need it. */
    mobile: (value: string) => Check<string>;
    /** The country the form first asks about, whose postcode format a postcode from the URL must have. */
    country: Country;
  },
): ParsedParams<F, S> {
  const values: Prefill<F, S> = {utm: {}};
  const {take, warnings} = paramReader(search);
  const oneOf =
    <T extends string>(options: readonly T[]) =>
    (value: string): Check<T> =>
      (options as readonly string[]).includes(value) ? accept(value as T) : refuse(`expected one of ${options.join(', ')}`);
  const matching = (pattern: RegExp, reason: string) => (value: string) => (pattern.test(value) ? accept(value) : refuse(reason));
  /** A supporter field's parameter: the field's own check, plus the table's stricter pattern for a URL. */
  const field =
    (name: SupporterField) =>
    (value: string): Check<string> => {
      const {paramPattern, paramRefused} = FIELD_TABLE[name];
      if (paramPattern && !paramPattern.test(value)) return refuse(paramRefused ?? 'not allowed in a URL');
      return (name === 'phone' ? allowed.mobile(value) : checkField(name, value, allowed, FIELD_MESSAGES)) ?? refuse('not checked');
    };

  take('amount', parseAmount, (v) => (values.amount = v));
  take('frequency', oneOf(allowed.frequencies), (v) => (values.frequency = v));
  for (const name of PREFILLED_FIELDS) {
    take(FIELD_TABLE[name].param ?? '', field(name), (v) => (values[name] = v));
  }
  take('step', oneOf(allowed.steps), (v) => (values.step = v));
  for (const utm of UTM_PARAMS) {
    take(utm, matching(UTM, 'expected up to 100 letters, digits and simple punctuation'), (v) => (values.utm[utm] = v));
  }

  return {values, warnings};
}
