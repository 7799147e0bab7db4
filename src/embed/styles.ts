/**
 * The stylesheets Coral's elements adopt in their shadow roots. Each part of
 * the embed brings its own CSS: the embed build makes every CSS module of a
 * chunk call `addStyles` with that chunk's compiled CSS (see
 * vite.embed.config.mts), so the first script holds only the shared and donate
 * form styles, and the other components' rules arrive with their code. Outside that build nothing is
 * added. Constructed stylesheets, not <style> elements, so a page whose
 * Content-Security-Policy allows no inline style still shows the components
 * styled.
 */
const sheets: CSSStyleSheet[] = [];
/** The shadow roots of connected elements, each with the sheet of the element's own rules that comes first. */
const roots = new Map<ShadowRoot, CSSStyleSheet>();

const adopt = (shadow: ShadowRoot, first: CSSStyleSheet) => {
  shadow.adoptedStyleSheets = [first, ...sheets];
};

/** Adds a chunk's CSS to every connected element, and to each one connected from now on. */
export function addStyles(css: string): void {
  if (css === '') return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  sheets.push(sheet);
  for (const [shadow, first] of roots) adopt(shadow, first);
}

/** Gives a shadow root `first` and every sheet added so far or later; the returned function stops the updates. */
export function adoptStyles(shadow: ShadowRoot, first: CSSStyleSheet): () => void {
  roots.set(shadow, first);
  adopt(shadow, first);
  return () => roots.delete(shadow);
}
