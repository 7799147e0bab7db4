import {describe, expect, it} from 'vitest';
import {absolutise, embedSnippet, formByIdSnippet, scriptSafeJson} from './snippet';

describe('embedSnippet', () => {
  const origin = 'https://greenpeace.github.io';
  const basePath = '/gpap-coral/';

  it('gives the script tag and the element with its config as JSON', () => {
    const snippet = embedSnippet({tag: 'coral-powerform', config: {campaign: 'ban-deep-sea-mining'}, id: 'petition', origin, basePath});
    expect(snippet).toBe(
      [
        '<script defer src="https://greenpeace.github.io/gpap-coral/coral/coral.js"></script>',
        '',
        '<coral-powerform id="petition">',
        '  <script type="application/json">',
        '    {',
        '      "campaign": "ban-deep-sea-mining"',
        '    }',
        '  </script>',
        '</coral-powerform>',
      ].join('\n'),
    );
  });

  it('pins a release’s own address and checks it with its integrity hash', () => {
    const release = {version: '1.2.0', script: 'v1.2.0/coral.js', integrity: 'sha384-abc'};
    const snippet = embedSnippet({tag: 'coral-donate-form', config: {campaign: 'reef'}, id: 'donate', origin, basePath, release});
    expect(snippet.split('\n')[0]).toBe(
      '<script defer src="https://greenpeace.github.io/gpap-coral/coral/v1.2.0/coral.js" integrity="sha384-abc" crossorigin="anonymous"></script>',
    );
  });

  it('turns the site’s own paths into full addresses and leaves other strings alone', () => {
    expect(absolutise({success: {url: '/gpap-coral/demos/x'}, list: ['/gpap-coral/a.svg', '/elsewhere'], n: 3}, origin, basePath)).toEqual({
      success: {url: 'https://greenpeace.github.io/gpap-coral/demos/x'},
      list: ['https://greenpeace.github.io/gpap-coral/a.svg', '/elsewhere'],
      n: 3,
    });
  });

  it('cannot be cut short by text in the config', () => {
    const json = scriptSafeJson({messages: {heading: '</script><script>alert(1)</script><!--'}});
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({messages: {heading: '</script><script>alert(1)</script><!--'}});
  });
});

describe('formByIdSnippet', () => {
  it('names the form and the endpoint on the element, after the script, with an address kept whole in its attribute', () => {
    const script = '<script defer src="https://greenpeace.github.io/gpap-coral/coral/coral.js"></script>';
    expect(
      formByIdSnippet({tag: 'coral-thankyou', form: 'reef-thanks', endpoint: 'https://www.example.org/api/coral?a=1&b="2"', script}),
    ).toBe(
      [
        script,
        '',
        '<coral-thankyou form="reef-thanks" endpoint="https://www.example.org/api/coral?a=1&amp;b=&quot;2&quot;"></coral-thankyou>',
      ].join('\n'),
    );
  });
});
