/**
 * Syntax highlighting for the site's code blocks, standing in for
 * prism-react-renderer (the `codeHighlight` plugin points the bundler's
 * `prism-react-renderer` here, for the browser and the server render alike).
 *
 * Why: that package builds some twenty Prism grammars the moment it loads,
 * and Docusaurus loads it in its main script, so every page, with code or
 * without, spent a large part of its start-up building grammars before it
 * could answer a tap. This module loads Prism's core only; the grammars the
 * docs use are built the first time a code block renders. The render-prop
 * API and the markup are the same as the package's, which a test holds.
 */
import {useCallback, useMemo, type CSSProperties, type ReactNode} from 'react';
import clsx from 'clsx';
import type {PrismTheme} from 'prism-react-renderer';
import PrismCore from './prismCore';

export type Token = {types: string[]; content: string; empty?: boolean};
type PrismApi = typeof PrismCore;
type Stream = string | PrismCoreToken | Array<string | PrismCoreToken>;
type PrismCoreToken = {type: string; alias?: string | string[]; content: Stream};
type StyleDictionary = Record<string, CSSProperties | undefined>;

type LineInputProps = {line: Token[]; className?: string; style?: CSSProperties; [key: string]: unknown};
type TokenInputProps = {token: Token; className?: string; style?: CSSProperties; [key: string]: unknown};
type RenderProps = {
  tokens: Token[][];
  className: string;
  style: CSSProperties;
  getLineProps: (input: LineInputProps) => Record<string, unknown> & {className: string; style?: CSSProperties};
  getTokenProps: (input: TokenInputProps) => Record<string, unknown> & {className: string; style?: CSSProperties; children: string};
};
export type HighlightProps = {
  code: string;
  language: string;
  theme: PrismTheme;
  prism?: PrismApi;
  children: (props: RenderProps) => ReactNode;
};

export const Prism = PrismCore;

let grammarsLoaded = false;

/**
 * Builds the grammars the site's code blocks use, once: the languages of
 * prism-react-renderer's set that the docs write in, with the same extras
 * (css-extras, js-extras, jsdoc comments, regex inside scripts, yaml front
 * matter in markdown), plus bash, which the site used to add to that set.
 * Each file registers itself on the global Prism, in dependency order.
 */
function loadGrammars(): void {
  if (grammarsLoaded) return;
  grammarsLoaded = true;
  /* eslint-disable @typescript-eslint/no-require-imports -- each grammar registers itself when run, in this order, and only once a code block needs them */
  require('prismjs/components/prism-markup');
  require('prismjs/components/prism-css');
  require('prismjs/components/prism-css-extras');
  require('prismjs/components/prism-clike');
  require('prismjs/components/prism-regex');
  require('prismjs/components/prism-javascript');
  require('prismjs/components/prism-typescript');
  require('prismjs/components/prism-javadoclike');
  require('prismjs/components/prism-jsdoc');
  // After typescript and before jsx, as in the package: jsx and plain javascript
  // get the extras, and tsx takes typescript's keywords over them.
  require('prismjs/components/prism-js-extras');
  require('prismjs/components/prism-jsx');
  require('prismjs/components/prism-tsx');
  require('prismjs/components/prism-json');
  require('prismjs/components/prism-bash');
  require('prismjs/components/prism-yaml');
  require('prismjs/components/prism-markdown');
  /* eslint-enable @typescript-eslint/no-require-imports */
}

const NEWLINE = /\r\n|\r|\n/;

/** Appends a type unless the list already ends with it. */
function withType(types: string[], added: string | string[]): string[] {
  return types.length > 0 && types[types.length - 1] === added ? types : types.concat(added);
}

/** A line with nothing on it still holds one (empty) token, so it keeps its height. */
function markEmpty(line: Token[]): void {
  if (line.length === 0) line.push({types: ['plain'], content: '\n', empty: true});
  else if (line.length === 1 && line[0]!.content === '') line[0] = {...line[0]!, content: '\n', empty: true};
}

/** Prism's nested token tree as lines of flat tokens, each carrying the types of every token around it. */
export function normalizeTokens(stream: Array<string | PrismCoreToken>): Token[][] {
  const lines: Token[][] = [[]];
  const add = (text: string, types: string[]) => {
    const [first, ...rest] = text.split(NEWLINE);
    lines[lines.length - 1]!.push({types, content: first!});
    for (const part of rest) {
      markEmpty(lines[lines.length - 1]!);
      lines.push([{types, content: part}]);
    }
  };
  const walk = (items: Array<string | PrismCoreToken>, types: string[]) => {
    for (const item of items) {
      if (typeof item === 'string') {
        add(item, types.length > 0 ? types : ['plain']);
        continue;
      }
      let own = withType(types, item.type);
      if (item.alias) own = withType(own, item.alias);
      if (typeof item.content === 'string') add(item.content, own);
      else walk(Array.isArray(item.content) ? item.content : [item.content], own);
    }
  };
  walk(stream, []);
  markEmpty(lines[lines.length - 1]!);
  return lines;
}

function tokenize(prism: PrismApi, code: string, language: string): Token[][] {
  if (prism === PrismCore) loadGrammars();
  const grammar = prism.languages[language];
  if (grammar === undefined) return normalizeTokens([code]);
  const env = {code, grammar, language, tokens: [] as Array<string | PrismCoreToken>};
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(env.code, env.grammar) as Array<string | PrismCoreToken>;
  prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens);
}

/** The theme as one style per token type, plus `root` for the block and `plain` for each line. */
function styleDictionary(theme: PrismTheme, language: string): StyleDictionary {
  const dictionary: StyleDictionary = {};
  for (const {types, style, languages} of theme.styles) {
    if (languages && !languages.includes(language as never)) continue;
    for (const type of types) dictionary[type] = {...dictionary[type], ...style};
  }
  dictionary.root = theme.plain;
  dictionary.plain = {...theme.plain, backgroundColor: undefined};
  return dictionary;
}

function tokenStyle(dictionary: StyleDictionary, {types, empty}: Token): CSSProperties | undefined {
  const filler: CSSProperties = empty === undefined ? {} : {display: 'inline-block'};
  if (types.length === 1 && types[0] === 'plain') return empty === undefined ? undefined : filler;
  if (types.length === 1 && empty !== undefined) return dictionary[types[0]!];
  return Object.assign(filler, ...types.map((type) => dictionary[type]));
}

/** Tokenises `code` and hands the lines, with prop getters for each line and token, to `children`. */
export function Highlight({code, language, theme, prism = PrismCore, children}: HighlightProps): ReactNode {
  const lang = language.toLowerCase();
  const dictionary = useMemo(() => styleDictionary(theme, lang), [theme, lang]);
  const tokens = useMemo(() => tokenize(prism, code, lang), [prism, code, lang]);
  const getLineProps = useCallback<RenderProps['getLineProps']>(
    ({className, style, line: _line, ...rest}) => ({
      ...rest,
      className: clsx('token-line', className),
      style: style === undefined ? dictionary.plain : {...dictionary.plain, ...style},
    }),
    [dictionary],
  );
  const getTokenProps = useCallback<RenderProps['getTokenProps']>(
    ({token, className, style, ...rest}) => {
      const own = tokenStyle(dictionary, token);
      return {
        ...rest,
        className: clsx('token', ...token.types, className),
        children: token.content,
        style: style === undefined ? own : {...own, ...style},
      };
    },
    [dictionary],
  );
  return children({tokens, className: `prism-code language-${lang}`, style: dictionary.root ?? {}, getLineProps, getTokenProps});
}
