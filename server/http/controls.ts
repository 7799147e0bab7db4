/**
 * Characters no record keeps, found in a parsed body by where they are: a key or a string value, named by its path,
 * never quoted.
 */
import {pathOf} from './cardData';

/**
 * What no text a form sends holds: the C0 controls and DEL (a NUL, which Postgres refuses in text; line breaks and
 * tabs, which no field takes, every field being one line), and a lone surrogate, half of a UTF-16 pair, which no
 * encoding can carry to Stripe or to the database.
 */
export const UNWRITABLE = /[\u0000-\u001f\u007f]|\p{Cs}/u; // eslint-disable-line no-control-regex -- finding control characters is its job

/**
 * What no body of any route holds, whatever its text may otherwise be (a form's config may hold a line break): a NUL,
 * which Postgres refuses in text and in JSON alike, and a lone surrogate.
 */
export const UNKEEPABLE = /\u0000|\p{Cs}/u; // eslint-disable-line no-control-regex -- finding a NUL is its job

export type ControlFinding = {at: string; codeUnit: number; inKey: boolean};

const codeUnitOf = (text: string, pattern: RegExp): number | null => {
  const found = pattern.exec(text);
  return found === null ? null : found[0].charCodeAt(0);
};

/**
 * The first character matching `pattern` in a body, in body order, in a key or a string value; the body is already
 * within its nesting limit.
 */
export function findControl(value: unknown, pattern: RegExp, path: readonly string[] = []): ControlFinding | null {
  if (typeof value === 'string') {
    const codeUnit = codeUnitOf(value, pattern);
    return codeUnit === null ? null : {at: pathOf(path), codeUnit, inKey: false};
  }
  // An array's entries are its items under their indices; a number's, a boolean's and null's are none.
  for (const [key, item] of Object.entries(value ?? {})) {
    const inKey = codeUnitOf(key, pattern);
    if (inKey !== null) return {at: pathOf([...path, key]), codeUnit: inKey, inKey: true};
    const found = findControl(item, pattern, [...path, key]);
    if (found) return found;
  }
  return null;
}

const hex = (codeUnit: number) => `U+${codeUnit.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why a character `findControl` found is refused, naming where it was. */
export function controlReason({at, codeUnit, inKey}: ControlFinding): string {
  const here = hex(codeUnit);
  if (codeUnit >= 0xd800) return `${at}: a lone surrogate (here ${here}) is not text; send well-formed UTF-16`;
  if (inKey) return `${at}: a key with a control character (here ${here}) is not accepted`;
  return `${at}: control characters (here ${here}) are not accepted; no field takes a line break or a tab`;
}
