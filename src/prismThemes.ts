/**
 * Code-block colours for the site. Prism's stock themes put some tokens below
 * WCAG AA contrast (comments, numbers), so Coral keeps its own pair; a unit
 * test holds every token colour at 4.5:1 or more against its background.
 */
import type {PrismTheme} from 'prism-react-renderer';

type Palette = {
  background: string;
  text: string;
  comment: string;
  punctuation: string;
  keyword: string;
  string: string;
  number: string;
  func: string;
  tag: string;
  attr: string;
  deleted: string;
  inserted: string;
};

function themeFrom(p: Palette): PrismTheme {
  return {
    plain: {color: p.text, backgroundColor: p.background},
    styles: [
      {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: p.comment, fontStyle: 'italic'}},
      {types: ['punctuation', 'operator'], style: {color: p.punctuation}},
      {types: ['keyword', 'atrule', 'important', 'selector', 'builtin'], style: {color: p.keyword}},
      {types: ['string', 'char', 'regex', 'url', 'attr-value'], style: {color: p.string}},
      {types: ['number', 'boolean', 'constant', 'symbol', 'property', 'variable'], style: {color: p.number}},
      {types: ['function', 'class-name', 'maybe-class-name'], style: {color: p.func}},
      {types: ['tag', 'namespace'], style: {color: p.tag}},
      {types: ['attr-name', 'key'], style: {color: p.attr}},
      {types: ['deleted'], style: {color: p.deleted}},
      {types: ['inserted'], style: {color: p.inserted}},
    ],
  };
}

export const coralLight = themeFrom({
  background: '#f6f8fa',
  text: '#1f2328',
  comment: '#57606a',
  punctuation: '#393a34',
  keyword: '#a0307c',
  string: '#0a6e3a',
  number: '#0550ae',
  func: '#6639ba',
  tag: '#116329',
  attr: '#0a6481',
  deleted: '#b42318',
  inserted: '#116329',
});

export const coralDark = themeFrom({
  background: '#1e2429',
  text: '#e6edf3',
  comment: '#9aa5b1',
  punctuation: '#c9d1d9',
  keyword: '#ff8a65',
  string: '#a5e07a',
  number: '#79c0ff',
  func: '#d2a8ff',
  tag: '#7ee787',
  attr: '#4fd1e0',
  deleted: '#ffa198',
  inserted: '#7ee787',
});
