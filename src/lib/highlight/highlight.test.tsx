/**
 * The site's highlighter renders what prism-react-renderer, the package it
 * stands in for, renders: the same lines, tokens, classes and styles, for
 * every language the docs use and a few edge cases.
 */
import {renderToStaticMarkup} from 'react-dom/server';
import {Highlight as PackageHighlight, normalizeTokens as packageNormalizeTokens, type PrismTheme} from 'prism-react-renderer';
import {describe, expect, it} from 'vitest';
import {coralDark, coralLight} from '../../prismThemes';
import {Highlight, normalizeTokens} from '.';

const SAMPLES: Record<string, string> = {
  json: '{\n  "campaign": "save-the-reef",\n  "frequencies": ["one-off", "monthly"],\n  "coverFees": {"percent": 2.5},\n  "analytics": true,\n  "thankYouUrl": null\n}',
  tsx: "import {DonateForm} from '@site/src/coral/donate-form';\n\n/** The demo page. */\nexport default function Page(): JSX.Element {\n  // One form, two frequencies.\n  return <DonateForm id=\"donate\" config={{campaign: 'save-the-reef', min: 5}} />;\n}",
  js: "/**\n * Logs each gift.\n * @param {CustomEvent} event\n */\ndocument.addEventListener('coral:success', (event) => {\n  const {amount, frequency} = event.detail;\n  console.log(`${amount} ${frequency}`, /x+/g.test('x'));\n});",
  html: '<script type="module" src="https://example.org/coral.js"></script>\n<coral-powerform config=\'{"campaign": "ban-deep-sea-mining"}\'></coral-powerform>\n<!-- a comment -->',
  css: 'coral-donate-form {\n  --coral-accent: #0b3d5c;\n}\n\ncoral-donate-form::part(submit):hover { color: white !important; }',
  md: '---\ntitle: My page\n---\n\n## A heading\n\nSome *text* with `code` and a [link](/docs/intro).',
  text: 'plain words\n\n  indented, then a blank line above',
  mdx: "import Tabs from '@theme/Tabs';\n\n<Tabs />",
};

/** Not in the package's own set (the site added it through Docusaurus), so only checked for colour. */
const BASH = 'npm ci && npm start\nnpm run bench -- --runs 5 # more runs\nexport CHROME_PATH="/usr/bin/chromium"';

function render(Component: typeof Highlight | typeof PackageHighlight, code: string, language: string, theme: PrismTheme): string {
  return renderToStaticMarkup(
    <Component code={code} language={language} theme={theme}>
      {({className, style, tokens, getLineProps, getTokenProps}) => (
        <pre className={className} style={style}>
          {tokens.map((line, i) => (
            <div key={i} {...getLineProps({line, className: i === 0 ? 'first' : undefined})}>
              {line.map((token, j) => (
                <span key={j} {...getTokenProps({token, style: j === 0 ? {fontWeight: 'bold'} : undefined})} />
              ))}
            </div>
          ))}
        </pre>
      )}
    </Component>,
  );
}

describe('Highlight', () => {
  for (const [name, theme] of [
    ['light', coralLight],
    ['dark', coralDark],
  ] as const) {
    it.each(Object.entries(SAMPLES))(`renders %s like prism-react-renderer in the ${name} theme`, (language, code) => {
      const ours = render(Highlight, code, language, theme);
      expect(ours).toBe(render(PackageHighlight, code, language, theme));
    });
  }

  it('colours the tokens of the languages the docs use', () => {
    for (const [language, code] of [
      ...Object.entries(SAMPLES).filter(([name]) => name !== 'text' && name !== 'mdx'),
      ['bash', BASH] as const,
    ]) {
      expect(render(Highlight, code, language, coralLight), language).toMatch(/class="token (?!plain)[a-z-]+[^"]*" style="color:/);
    }
  });

  it('shows an unknown language as plain text, line for line', () => {
    const markup = render(Highlight, 'a <b>\n\nc', 'cobol', coralLight);
    expect(markup).toContain('&lt;b&gt;');
    expect(markup.match(/token-line/g)).toHaveLength(3);
  });
});

describe('normalizeTokens', () => {
  it('splits tokens at line ends and keeps every empty line, as the package does', () => {
    const stream = ['a\n', {type: 'string', alias: 'attr-value', content: ['"x', {type: 'punctuation', content: '\n'}]}, '\r\n'];
    const lines = [
      [{types: ['plain'], content: 'a'}],
      [
        {types: ['plain'], content: ''},
        {types: ['string', 'attr-value'], content: '"x'},
        {types: ['string', 'attr-value', 'punctuation'], content: ''},
      ],
      [
        {types: ['string', 'attr-value', 'punctuation'], content: ''},
        {types: ['plain'], content: ''},
      ],
      [{types: ['plain'], content: '\n', empty: true}],
    ];
    expect(normalizeTokens(stream)).toEqual(lines);
    expect(packageNormalizeTokens(stream as never)).toEqual(lines);
  });
});
