/**
 * Characters that show nothing, or nearly nothing, between two digits: what a script (or a paste from a chat app, a
 * PDF or a web page) puts inside a number so that a search for runs of digits misses it. Each is named. Most are
 * Unicode format characters (category Cf) or default-ignorable code points; a few are marks or spaces a renderer
 * draws as nothing.
 */

export type Invisible = {name: string; char: string};

export const INVISIBLES: readonly Invisible[] = [
  {name: 'zero-width space (U+200B)', char: '\u200b'},
  {name: 'zero-width non-joiner (U+200C)', char: '\u200c'},
  {name: 'zero-width joiner (U+200D)', char: '\u200d'},
  {name: 'word joiner (U+2060)', char: '\u2060'},
  {name: 'zero-width no-break space, the byte order mark (U+FEFF)', char: '\ufeff'},
  {name: 'soft hyphen (U+00AD)', char: '\u00ad'},
  {name: 'combining grapheme joiner (U+034F)', char: '\u034f'},
  {name: 'left-to-right mark (U+200E)', char: '\u200e'},
  {name: 'right-to-left mark (U+200F)', char: '\u200f'},
  {name: 'Arabic letter mark (U+061C)', char: '\u061c'},
  {name: 'left-to-right embedding (U+202A)', char: '\u202a'},
  {name: 'right-to-left override (U+202E)', char: '\u202e'},
  {name: 'pop directional formatting (U+202C)', char: '\u202c'},
  {name: 'left-to-right isolate (U+2066)', char: '\u2066'},
  {name: 'pop directional isolate (U+2069)', char: '\u2069'},
  {name: 'invisible separator (U+2063)', char: '\u2063'},
  {name: 'invisible times (U+2062)', char: '\u2062'},
  {name: 'function application (U+2061)', char: '\u2061'},
  {name: 'Mongolian vowel separator (U+180E)', char: '\u180e'},
  {name: 'variation selector-16 (U+FE0F)', char: '\ufe0f'},
  {name: 'variation selector-1 (U+FE00)', char: '\ufe00'},
  {name: 'variation selector-17 (U+E0100)', char: '\u{e0100}'},
  {name: 'Mongolian free variation selector one (U+180B)', char: '\u180b'},
  {name: 'Hangul filler (U+3164)', char: '\u3164'},
  {name: 'Hangul choseong filler (U+115F)', char: '\u115f'},
  {name: 'halfwidth Hangul filler (U+FFA0)', char: '\uffa0'},
  {name: 'Khmer vowel inherent aq (U+17B4)', char: '\u17b4'},
  {name: 'tag space (U+E0020)', char: '\u{e0020}'},
  {name: 'cancel tag (U+E007F)', char: '\u{e007f}'},
  {name: 'interlinear annotation anchor (U+FFF9)', char: '\ufff9'},
  {name: 'shorthand format letter overlap (U+1BCA0)', char: '\u{1bca0}'},
  {name: 'combining acute accent (U+0301)', char: '\u0301'},
  {name: 'combining enclosing keycap (U+20E3)', char: '\u20e3'},
  {name: 'braille pattern blank (U+2800)', char: '\u2800'},
  {name: 'no-break space (U+00A0)', char: '\u00a0'},
  {name: 'narrow no-break space (U+202F)', char: '\u202f'},
  {name: 'hair space (U+200A)', char: '\u200a'},
  {name: 'figure space (U+2007)', char: '\u2007'},
  {name: 'ideographic space (U+3000)', char: '\u3000'},
  {name: 'next line, a C1 control (U+0085)', char: '\u0085'},
];

/** Every code point Unicode counts as a format character (Cf) or as default-ignorable: a generated test reads each between digits. */
export function formatAndIgnorableCodePoints(): number[] {
  const pattern = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
  const found: number[] = [];
  for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += 1) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
    if (pattern.test(String.fromCodePoint(codePoint))) found.push(codePoint);
  }
  return found;
}
