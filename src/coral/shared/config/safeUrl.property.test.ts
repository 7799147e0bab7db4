import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import * as zod from 'zod/mini';
import {PROPERTY_TIMEOUT_MS, safeUrl as validUrl} from '../testing';
import {safeUrl} from './schemaParts';

/** Where a form's page is: a browser reads each address in its config against it. */
const PAGE = new URL('https://www.example.org/donate/page');
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The pieces a browser reads otherwise than they are written: slashes and backslashes, encoded or not, the tabs and
 * line breaks it drops, the controls and spaces it strips, the scheme, port, user and host separators, and words.
 */
const piece = fc.constantFrom(
  '/',
  '/',
  '\\',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u00a0',
  '\u2028',
  '\u3000',
  '\ufeff',
  '\u202e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%',
  ':',
  '@',
  '.',
  '..',
  '?',
  '#',
  '[',
  ']',
  'a',
  'x',
  'é',
  'ß',
  '💙',
  'evil.example',
  'www.example.org',
  'localhost',
  '127.0.0.1',
  '[::1]',
  ':8787',
  'https:',
  'http:',
  'javascript:',
  'data:',
);

/** Strings of those pieces, often starting as an address does, so that most are near an accepted one. */
const tricky = fc
  .tuple(
    fc.constantFrom('', '', '/', '/', '//', '/\\', '\\', 'https://', 'https:', 'HTTPS://', 'http://localhost', 'http://', ' ', '\t'),
    fc.array(piece, {maxLength: 10}),
  )
  .map(([start, rest]) => start + rest.join(''));

/** Where a browser on the page goes for `value`, or null if it could not go anywhere. */
function opened(value: string): URL | null {
  try {
    return new URL(value, PAGE);
  } catch {
    return null;
  }
}

describe('safeUrl, against the browser’s own reading of an address', {timeout: PROPERTY_TIMEOUT_MS}, () => {
  it('takes a path only when it stays on the page’s site, and any other address only when it is https (or http on this machine)', () => {
    fc.assert(
      fc.property(tricky, (given) => {
        const result = zod.safeParse(safeUrl, given);
        if (!result.success) return;
        const value = result.data;
        const url = opened(value);
        expect(url, value).not.toBeNull();
        if (value.startsWith('/')) {
          expect(url?.origin, value).toBe(PAGE.origin);
          // What a page uses is the checked value; what it was given, before trimming, leads nowhere else either.
          expect(opened(given)?.origin ?? PAGE.origin, given).toBe(PAGE.origin);
        } else {
          expect(url?.protocol === 'https:' || (url?.protocol === 'http:' && LOCAL_HOSTS.includes(url.hostname)), value).toBe(true);
        }
      }),
      {numRuns: 5000},
    );
  });

  it('refuses everything a browser would take off the page’s site but an address written as https:// (or http:// on this machine)', () => {
    fc.assert(
      fc.property(tricky, (given) => {
        const url = opened(given.trim());
        const offSite = url !== null && url.origin !== PAGE.origin;
        if (offSite && !/^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/?#]?)/i.test(given.trim())) {
          expect(zod.safeParse(safeUrl, given).success, given).toBe(false);
        }
      }),
      {numRuns: 5000},
    );
  });

  it('takes every address the config generators give as valid, as it was written', () => {
    fc.assert(
      fc.property(validUrl, (value) => {
        expect(zod.safeParse(safeUrl, value).data).toBe(value);
      }),
      {numRuns: 1000},
    );
  });
});
