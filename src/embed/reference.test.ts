import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {customProperties, embedDocs} from './reference';

describe('the embed reference', () => {
  const docs = embedDocs(process.cwd());

  it('lists every --coral- property the shared theme reads, with its light and dark defaults', () => {
    const css = readFileSync('src/coral/shared/ui/ui.module.css', 'utf8');
    const used = new Set([...css.matchAll(/var\((--coral-[\w-]+)/g)].map((m) => m[1]));
    expect(new Set(docs.customProperties.map((row) => row.name))).toEqual(used);
    const surface = docs.customProperties.find((row) => row.name === '--coral-color-surface')!;
    expect(surface).toMatchObject({light: '#fff', dark: '#1f2a30'});
    expect(docs.customProperties.every((row) => row.description.length > 0)).toBe(true);
  });

  it('reads a property’s description from the comment beside it', () => {
    const rows = customProperties(
      '.theme {\n  --_x: var(--coral-x, red); /* The x. */\n}\n/* Dark: */\n.d {\n  --_x: var(--coral-x, blue);\n}',
    );
    expect(rows).toEqual([{name: '--coral-x', light: 'red', dark: 'blue', description: 'The x.'}]);
  });

  it('lists the parts of each component with the element they are on', () => {
    const submit = docs.parts.find((row) => row.name === 'submit')!;
    expect(submit.elements).toEqual(['button']);
    expect(submit.components).toEqual(expect.arrayContaining(['Donate form', 'Powerform']));
    expect(docs.parts.find((row) => row.name === 'counter')!.components).toEqual(['Powerform']);
    expect(docs.parts.map((row) => row.name)).toContain('root');
  });

  it('names the three elements and their events', () => {
    expect(docs.elements.map((e) => e.tag)).toEqual(['coral-donate-form', 'coral-powerform', 'coral-thankyou']);
    expect(docs.elements[0]!.events).toContain('coral:success');
    expect(docs.attributes.map((a) => a.name)).toEqual(['config', 'form', 'endpoint', 'id', 'heading-level', 'fallback-url']);
  });
});
