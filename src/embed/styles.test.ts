// @vitest-environment jsdom
/** A component's CSS arrives with its code: shadow roots already on the page take it as well. */
import {describe, expect, it} from 'vitest';
import {addStyles, adoptStyles} from './styles';

const sheetOf = (css: string) => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return sheet;
};
const shadow = () => document.createElement('div').attachShadow({mode: 'open'});
const rules = (root: ShadowRoot) => root.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join(''));

describe('the embed’s stylesheets', () => {
  it('puts the element’s own sheet first, then each chunk’s CSS as it arrives, in connected roots too', () => {
    const host = sheetOf(':host { display: block; }');
    addStyles('.shared { color: red; }');
    const early = shadow();
    adoptStyles(early, host);
    expect(rules(early)).toEqual([':host { display: block; }', '.shared { color: red; }']);
    addStyles('.later { color: blue; }');
    expect(rules(early)).toEqual([':host { display: block; }', '.shared { color: red; }', '.later { color: blue; }']);
    const late = shadow();
    adoptStyles(late, host);
    expect(rules(late)).toEqual(rules(early));
  });

  it('stops updating a root once its element has gone, and adds nothing for a chunk without CSS', () => {
    const host = sheetOf(':host { display: block; }');
    const gone = shadow();
    const stop = adoptStyles(gone, host);
    const before = gone.adoptedStyleSheets.length;
    stop();
    addStyles('.after { color: green; }');
    expect(gone.adoptedStyleSheets).toHaveLength(before);
    const kept = shadow();
    adoptStyles(kept, host);
    addStyles('');
    expect(kept.adoptedStyleSheets).toHaveLength(before + 1);
  });
});
