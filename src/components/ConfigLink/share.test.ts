import {describe, expect, test} from 'vitest';
import {XSS_PAYLOADS} from '../../coral/shared/testing';
import {configFragment, hasConfigFragment, MAX_FRAGMENT, readConfigFragment, readPastedConfig} from './share';

describe('the link’s fragment', () => {
  test('carries a config there and back, any text included', () => {
    const config = {campaign: 'save-the-reef', messages: {heading: 'Kia ora — give 💚 & “thanks”'}, amounts: {'one-off': {min: 5}}};
    const fragment = configFragment(config);
    expect(fragment).toMatch(/^#config=[A-Za-z0-9_-]+$/);
    expect(hasConfigFragment(fragment)).toBe(true);
    expect(readConfigFragment(fragment)).toEqual({ok: true, value: config});
  });

  test('carries every hostile string as text', () => {
    const config = {campaign: 'x', messages: Object.fromEntries(XSS_PAYLOADS.map((text, i) => [`m${i}`, text]))};
    expect(readConfigFragment(configFragment(config))).toEqual({ok: true, value: config});
  });

  test.each([
    ['no config', '#step=2'],
    ['characters outside base64url', '#config=eyJh<script>'],
    ['a cut-short code', '#config=e'],
    ['bytes that are not UTF-8', `#config=${btoa('\xff\xfe{}').replaceAll('=', '')}`],
    ['text that is not JSON', `#config=${btoa('{campaign:').replaceAll('=', '')}`],
    ['JSON that is not an object', `#config=${btoa('[1,2]').replaceAll('=', '')}`],
    ['null', `#config=${btoa('null').replaceAll('=', '')}`],
    ['a fragment longer than any config', `#config=${'A'.repeat(MAX_FRAGMENT + 4)}`],
  ])('refuses %s', (_, hash) => {
    const read = readConfigFragment(hash);
    expect(read.ok).toBe(false);
  });

  test('reads "__proto__" as a plain key, polluting nothing', () => {
    const hash = `#config=${btoa('{"__proto__":{"polluted":true},"campaign":"x"}').replaceAll('=', '')}`;
    const read = readConfigFragment(hash);
    expect(read.ok && Object.keys(read.value as object)).toEqual(['__proto__', 'campaign']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('a pasted config', () => {
  test('reads JSON', () => {
    expect(readPastedConfig(' {"campaign": "reef"} ')).toEqual({ok: true, value: {campaign: 'reef'}});
  });

  test('reads an element’s config attribute, its character references as text', () => {
    const pasted = `<coral-donate-form config='{"campaign": "reef", "messages": {"heading": "Tom&#39;s &lt;b&gt; &amp; co"}}'></coral-donate-form>`;
    expect(readPastedConfig(pasted)).toEqual({ok: true, value: {campaign: 'reef', messages: {heading: "Tom's <b> & co"}}});
    expect(readPastedConfig(`<coral-powerform config="{&quot;campaign&quot;:&quot;reef&quot;}">`)).toEqual({
      ok: true,
      value: {campaign: 'reef'},
    });
  });

  test('reads the JSON script of an Embed tab snippet', () => {
    const pasted =
      '<script defer src="https://x/coral.js"></script>\n<coral-donate-form id="donate">\n  <script type="application/json">\n    {"campaign": "reef"}\n  </script>\n</coral-donate-form>';
    expect(readPastedConfig(pasted)).toEqual({ok: true, value: {campaign: 'reef'}});
  });

  test.each([
    ['nothing', '  '],
    ['broken JSON', '{"campaign": '],
    ['a list', "<coral-donate-form config='[1]'>"],
    ['text with no config', 'hello'],
  ])('says what is wrong with %s', (_, pasted) => {
    const read = readPastedConfig(pasted);
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.message).not.toBe('');
  });
});
