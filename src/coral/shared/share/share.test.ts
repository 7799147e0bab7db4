import {describe, expect, it} from 'vitest';
import {shareLink, shareUrlOf} from './share';

describe('share links', () => {
  const tricky: [string, string, string?][] = [
    ['ampersands and spaces', 'Reefs & coasts: 100% worth it + more'],
    ['unicode', 'Kia ora — Tāmaki Makaurau 🌊 مرجان'],
    ['a fragment and a query', 'Read #reef?a=1&b=2'],
    ['a script payload', '"><script>alert("x")</script>'],
    ['a lone surrogate', 'broken \uD83C here', 'broken \uFFFD here'],
  ];
  const url = 'https://example.org/reef?utm_source=share&x=1#sign';

  it.each(tricky)('keeps %s inside their own parameter', (_, text, expected = text) => {
    const content = {url, title: text, text};
    const x = new URL(shareLink('x', content));
    expect(x.origin + x.pathname).toBe('https://x.com/intent/tweet');
    expect([...x.searchParams.keys()]).toEqual(['text', 'url']);
    expect(x.searchParams.get('text')).toBe(expected);
    expect(x.searchParams.get('url')).toBe(url);
    expect(x.hash).toBe('');

    const whatsapp = new URL(shareLink('whatsapp', content));
    expect(whatsapp.origin).toBe('https://wa.me');
    expect([...whatsapp.searchParams.entries()]).toEqual([['text', `${expected} ${url}`]]);

    const facebook = new URL(shareLink('facebook', content));
    expect([...facebook.searchParams.entries()]).toEqual([['u', url]]);

    const mail = shareLink('email', content);
    expect(mail.startsWith('mailto:?subject=')).toBe(true);
    const mailParams = new URL(mail).searchParams;
    expect([...mailParams.keys()]).toEqual(['subject', 'body']);
    expect(mailParams.get('subject')).toBe(expected);
    expect(mailParams.get('body')).toBe(`${expected}\n\n${url}`);

    for (const link of [x.href, whatsapp.href, facebook.href, mail]) expect(link).not.toMatch(/[<>"\s]/);
  });

  it('encodes spaces as %20, not +, which mail apps would show', () => {
    expect(shareLink('email', {url: 'https://example.org/', title: 'a b', text: 'c'})).toBe(
      'mailto:?subject=a%20b&body=c%0A%0Ahttps%3A%2F%2Fexample.org%2F',
    );
  });

  it('shares this page without its query and fragment unless an address is configured', () => {
    const page = 'https://example.org/thank-you?amount=50&ref=CRL-1#top';
    expect(shareUrlOf(undefined, page)).toBe('https://example.org/thank-you');
    expect(shareUrlOf('/campaigns/reef?utm_source=share', page)).toBe('https://example.org/campaigns/reef?utm_source=share');
    expect(shareUrlOf('https://other.example/x', page)).toBe('https://other.example/x');
  });
});
