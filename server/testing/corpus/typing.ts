/** How a value arrives once a person has typed it: with spaces around it, or in a phone keyboard's full-width characters. */

const FULL_WIDTH_OFFSET = 0xff01 - 0x21;

/**
 * A text as a Chinese or Japanese phone keyboard in full-width mode types it: ASCII digits, letters and punctuation
 * as their full-width forms (U+FF01 to U+FF5E), spaces as the ideographic space.
 */
export function fullWidth(text: string): string {
  return text.replace(/[!-~ ]/g, (char) => (char === ' ' ? '\u3000' : String.fromCodePoint(char.codePointAt(0)! + FULL_WIDTH_OFFSET)));
}

/** The ways one value reaches the form: as written, padded by a careless thumb or a paste, and in full-width characters. */
export const TYPINGS: ReadonlyArray<{name: string; type: (value: string) => string}> = [
  {name: 'as written', type: (value) => value},
  {name: 'a leading space', type: (value) => ` ${value}`},
  {name: 'a trailing space', type: (value) => `${value} `},
  {name: 'no-break spaces around it, as a paste from a web page brings', type: (value) => `\u00a0${value}\u00a0`},
  {name: 'full-width characters', type: fullWidth},
  {name: 'full-width characters and a trailing ideographic space', type: (value) => `${fullWidth(value)}\u3000`},
];

/** Every way of typing every value. */
export const typedEveryWay = (values: readonly string[]): string[] => values.flatMap((value) => TYPINGS.map(({type}) => type(value)));
