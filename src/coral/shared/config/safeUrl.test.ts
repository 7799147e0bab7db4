import {describe, expect, it} from 'vitest';
import * as zod from 'zod/mini';
import {safeUrl} from './schemaParts';

/** Where a form's page is, for the browser's own reading of each address. */
const PAGE = 'https://www.example.org/donate/page';

const check = (value: string) => zod.safeParse(safeUrl, value);

describe('safeUrl', () => {
  it.each([
    ['/thank-you', 'https://www.example.org/thank-you'],
    ['/privacy#x', 'https://www.example.org/privacy#x'],
    ['/', 'https://www.example.org/'],
    ['/?from=form', 'https://www.example.org/?from=form'],
    ['/thank-you?amount=35#receipt', 'https://www.example.org/thank-you?amount=35#receipt'],
    // Percent-encoded, a slash or a backslash is part of the path: the browser does not decode it.
    ['/%5Cevil.example', 'https://www.example.org/%5Cevil.example'],
    ['/%5cevil.example/x', 'https://www.example.org/%5cevil.example/x'],
    ['/%2f/evil.example', 'https://www.example.org/%2f/evil.example'],
    ['/.//evil.example', 'https://www.example.org//evil.example'],
    ['https://www.example.org/privacy', 'https://www.example.org/privacy'],
    ['HTTPS://www.example.org?x#y', 'https://www.example.org/?x#y'],
    ['https://billing.stripe.com/p/login/test_28o5lq', 'https://billing.stripe.com/p/login/test_28o5lq'],
    ['https://pay.example.org:8443/coral', 'https://pay.example.org:8443/coral'],
    ['https://www.example.org/people/@reef', 'https://www.example.org/people/@reef'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ['http://localhost:8787', 'http://localhost:8787/'],
    ['http://127.0.0.1:3000/thanks', 'http://127.0.0.1:3000/thanks'],
    ['http://[::1]:8787/gifts', 'http://[::1]:8787/gifts'],
  ])('takes %j, which a browser on the page opens as %s', (value, opened) => {
    const result = check(value);
    expect(result.success && result.data).toBe(value);
    expect(new URL(value, PAGE).href).toBe(opened);
  });

  it('takes an address with spaces around it as the address alone', () => {
    expect(check(' /thank-you\n').data).toBe('/thank-you');
    expect(check('\u00a0https://www.example.org/privacy ').data).toBe('https://www.example.org/privacy');
  });

  it.each([
    // Paths a browser takes to another host: a second slash, or what it reads as one.
    ['/\\evil.example/x', 'https://evil.example/x'],
    ['//evil.example', 'https://evil.example/'],
    ['/\t/evil.example', 'https://evil.example/'],
    ['/\n/evil.example', 'https://evil.example/'],
    ['/\r\n/evil.example', 'https://evil.example/'],
    [' //evil.example', 'https://evil.example/'],
    ['\\\\evil.example', 'https://evil.example/'],
    ['\\/evil.example', 'https://evil.example/'],
    ['/\\/evil.example', 'https://evil.example/'],
    ['\u0001//evil.example', 'https://evil.example/'],
    ['https:evil.example', 'https://www.example.org/donate/evil.example'],
    ['https:/\\evil.example', 'https://evil.example/'],
    ['https:\\\\evil.example', 'https://evil.example/'],
    ['https://\\evil.example', 'https://evil.example/'],
    ['https://www.example.org\\@evil.example/', 'https://www.example.org/@evil.example/'],
    ['https://www.example.org@evil.example/', 'https://www.example.org@evil.example/'],
    ['https://supporter:secret@www.example.org/', 'https://supporter:secret@www.example.org/'],
    ['http://evil.example', 'http://evil.example/'],
    ['http://localhost.evil.example/', 'http://localhost.evil.example/'],
    ['http://localhost@evil.example/', 'http://localhost@evil.example/'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>', 'data:text/html,<script>alert(1)</script>'],
    ['mailto:jo@example.org', 'mailto:jo@example.org'],
  ])('refuses %j, which a browser on the page opens as %s', (value, opened) => {
    expect(new URL(value, PAGE).href).toBe(opened);
    expect(check(value).error?.issues.map((issue) => issue.message)).toEqual([
      'expected an https:// address (http:// only for localhost) or a path on this site starting with a single /',
    ]);
  });

  it.each(['/a\\b', '/thank you', '/thank\tyou', '/thank\u0000you', '/thank\u007fyou', '/thank\u2028you'])(
    'refuses %j: a backslash, a space or a control character in an address is read otherwise than written',
    (value) => {
      expect(check(value).success).toBe(false);
    },
  );

  it.each(['thank-you', './thank-you', '../thank-you', '?from=form', '#receipt'])(
    'refuses %j: an address relative to the page goes somewhere else on each page',
    (value) => {
      expect(check(value).success).toBe(false);
    },
  );

  it.each([
    'https://',
    'https:///evil.example',
    'https://exa%mple.org',
    'https://[::1',
    'https://:443/',
    'http://localhost:99999/',
    'http://localhost:/',
  ])('refuses %j: an address with no host, or one no browser could go to', (value) => {
    expect(check(value).success).toBe(false);
  });

  it.each(['', '   ', '\u202ehttps://example.org'])('refuses %j: no address at all', (value) => {
    expect(check(value).success).toBe(false);
  });
});
