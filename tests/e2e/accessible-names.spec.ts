/**
 * Field names as Chrome itself computes them (its accessibility tree, what a screen reader on Chrome hears), not as
 * Playwright's getByLabel computes them: an optional field is "Mobile (optional)", never "Mobile(optional)".
 */
import type {CDPSession, Page} from '@playwright/test';
import {elementsRendered} from './embed';
import {test, expect, openHydrated} from './fixtures';
import {url} from './routes';

type Textbox = {name: string; shown: string | null; required: boolean};

/** The pages with optional fields, and the names Chrome must give them: the site's React pages and the embed's shadow roots. */
const PAGES = [
  {path: '/demos/donate-form-medium', embed: false, optional: ['Mobile (optional)']},
  {path: '/demos/powerform', embed: false, optional: ['Last name (optional)', 'Mobile (optional)']},
  {
    path: '/demos/test1',
    embed: false,
    optional: [
      'Last name (optional)',
      'Mobile (optional)',
      'Why does the deep sea matter to you? (optional)',
      'Mobile (optional)',
      'Last name (optional)',
      'Mobile (optional)',
      'Why does the deep sea matter to you? (optional)',
      'Mobile (optional)',
    ],
  },
  {path: '/embed/plain.html', embed: true, optional: ['Last name (optional)', 'Mobile (optional)', 'Mobile (optional)']},
  {path: '/embed/landing-page.html', embed: true, optional: ['Mobile (optional)']},
] as const;

/** A label, one space, then "(optional)". */
const OPTIONAL_NAME = /^\S(?:.*\S)? \(optional\)$/;

/** Every node Chrome's accessibility tree names, shadow roots included (they are in the page's own frame). */
async function namedNodes(cdp: CDPSession): Promise<{role: string; name: string; backendDOMNodeId?: number}[]> {
  await cdp.send('Accessibility.enable');
  const {nodes} = await cdp.send('Accessibility.getFullAXTree');
  return nodes
    .filter((node) => !node.ignored && typeof node.name?.value === 'string' && node.name.value !== '')
    .map((node) => ({role: String(node.role?.value), name: String(node.name!.value), backendDOMNodeId: node.backendDOMNodeId}));
}

/** Each textbox with Chrome's name for it, the text its label shows on screen, and whether it is required. */
async function textboxes(page: Page): Promise<{named: {role: string; name: string}[]; boxes: Textbox[]}> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  const named = await namedNodes(cdp);
  const boxes: Textbox[] = [];
  for (const {role, name, backendDOMNodeId} of named) {
    if (role !== 'textbox' || backendDOMNodeId === undefined) continue;
    const {object} = await cdp.send('DOM.resolveNode', {backendNodeId: backendDOMNodeId});
    const {result} = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      returnByValue: true,
      functionDeclaration: `function () {
        const label = this.labels?.[0];
        return {shown: label ? label.textContent.replace(/\\s+/g, ' ').trim() : null, required: this.required};
      }`,
    });
    boxes.push({name, ...(result.value as Omit<Textbox, 'name'>)});
  }
  await cdp.detach();
  return {named, boxes};
}

for (const {path, embed, optional} of PAGES) {
  test(`${path}: Chrome names every optional field "<Label> (optional)", with the label's one space`, async ({page}) => {
    if (embed) await page.goto(url(path));
    else await openHydrated(page, url(path));
    // The test bench shows each component twice: as React and as a custom element.
    if ((await page.locator('coral-donate-form, coral-powerform, coral-thankyou').count()) > 0) await elementsRendered(page);
    const {named, boxes} = await textboxes(page);

    const optionalBoxes = boxes.filter((box) => !box.required && box.shown?.endsWith('(optional)'));
    const optionalNames = optionalBoxes.map((box) => box.name);
    expect.soft(optionalNames, 'Chrome’s names of the optional fields').toEqual(optional);
    for (const box of optionalBoxes) expect.soft(box.name).toMatch(OPTIONAL_NAME);
    // What a screen reader says is what the label shows, for every labelled field.
    for (const box of boxes.filter((box) => box.shown !== null)) expect.soft(box.name, `shown as "${box.shown}"`).toBe(box.shown);

    const runTogether = named.filter(({name}) => /\S\(optional\)/.test(name)).map(({role, name}) => `${role}: ${name}`);
    expect(runTogether, 'names with no space before "(optional)"').toEqual([]);
  });
}
