// @vitest-environment jsdom
/** The custom elements given a published form's id and the endpoint instead of a config, as a page writes them. */
import {waitFor} from '@testing-library/dom';
import {afterEach, describe, expect, it, vi} from 'vitest';
import * as DONATE_FORM_EXAMPLES from '../coral/donate-form/examples';
import * as POWERFORM_EXAMPLES from '../coral/powerform/examples';
import * as THANK_YOU_EXAMPLES from '../coral/thank-you/examples';
import {ENDPOINT, published, stubPublishedForms} from '../coral/shared/testing';
import './elements';

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FORMS = [
  published('save-the-reef', 'donate-form', DONATE_FORM_EXAMPLES.sandbox),
  published('reef-petition', 'powerform', POWERFORM_EXAMPLES.sandbox),
  published('reef-thanks', 'thank-you', THANK_YOU_EXAMPLES.standard),
];

function place(tag: string, attributes: Record<string, string>, content = ''): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.innerHTML = content;
  document.body.append(element);
  return element;
}

const shown = (element: HTMLElement, selector: string) =>
  waitFor(() => {
    const found = element.shadowRoot?.querySelector(selector);
    if (!found) throw new Error(`no ${selector} yet`);
    return found;
  });

describe('an element given a form’s id', () => {
  it.each([
    ['coral-donate-form', 'save-the-reef', 'Give $60'],
    ['coral-powerform', 'reef-petition', 'Sign now'],
    ['coral-thankyou', 'reef-thanks', 'Thank you!'],
  ])('<%s> shows the published form %s', async (tag, form, words) => {
    const stand = stubPublishedForms(FORMS);
    const element = place(tag, {form, endpoint: ENDPOINT});
    await waitFor(() => expect(element.shadowRoot?.textContent).toContain(words));
    expect(stand.asked).toEqual([`/forms/${form}`]);
  });

  it('keeps its room, with its own content in it, until the form arrives', async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const stand = stubPublishedForms(FORMS);
    const reply = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (...args) => {
      await held;
      return reply(...args);
    });
    const element = place('coral-powerform', {form: 'reef-petition', endpoint: ENDPOINT}, '<a href="/sign">Sign on our website</a>');
    const slot = element.shadowRoot!.querySelector<HTMLSlotElement>('slot:not([name])')!;
    expect(slot.assignedElements().map((link) => link.textContent)).toEqual(['Sign on our website']);
    // jsdom lays nothing out: the element's own rule for that slot is what holds the room.
    const rules = element.shadowRoot!.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules]) as CSSStyleRule[];
    const room = rules.find((rule) => rule.selectorText?.includes(':host([form]:not([config])) slot:not([name])'));
    expect(room?.style.getPropertyValue('min-height')).toBe('var(--coral-loading-height,500px)');
    expect(room?.style.getPropertyValue('display')).toBe('block');
    // Once the powerform's code is in, its own room, the same height, takes the place of the element's until the form.
    const own = await shown(element, 'div[style*="min-height"]');
    expect((own as HTMLElement).style.minHeight).toBe('var(--coral-loading-height,500px)');
    expect(element.shadowRoot?.querySelector('slot:not([name])')).toBeNull();
    answer();
    await shown(element, 'form');
    expect(element.shadowRoot?.querySelector('.coral-root > div[style*="min-height"]')).toBeNull();
    expect(stand.asked).toHaveLength(1);
  });

  it('shows the config on the page when it has one too, and never reads the form', async () => {
    const stand = stubPublishedForms(FORMS);
    const element = place('coral-donate-form', {form: 'save-the-reef', endpoint: ENDPOINT, config: '{"campaign":"save-the-reef"}'});
    await shown(element, 'form');
    element.setAttribute('heading-level', '3');
    await shown(element, 'h3');
    expect(stand.asked).toEqual([]);
  });

  it.each([
    ['no endpoint', {}, /endpoint.*\(missing\).*to read form "save-the-reef"/],
    ['an endpoint that is no address', {endpoint: 'give.example.org'}, /endpoint.*expected an https:\/\/ address/],
  ])('with %s, names the attribute in the config box', async (_, attributes, problem) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubPublishedForms(FORMS);
    const element = place('coral-donate-form', {form: 'save-the-reef', ...attributes});
    await waitFor(() => expect(element.shadowRoot?.querySelector('[part="config-error"]')?.textContent).toMatch(problem));
  });

  it('says a form of another component is one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubPublishedForms(FORMS);
    const element = place('coral-thankyou', {form: 'reef-petition', endpoint: ENDPOINT});
    await waitFor(() =>
      expect(element.shadowRoot?.querySelector('[part="config-error"]')?.textContent).toContain('form "reef-petition" is a powerform'),
    );
  });

  it('says a form the endpoint does not have is not on it, with the fallback-url link', async () => {
    stubPublishedForms(FORMS);
    const element = place('coral-donate-form', {form: 'save-the-whales', endpoint: ENDPOINT, 'fallback-url': '/donate'});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const box = await shown(element, '[part="load-error"]');
    expect(box.textContent).toContain('This donate form is not available.');
    expect(box.textContent).not.toContain(ENDPOINT);
    expect(logged).toHaveBeenCalledWith(`Coral: form "save-the-whales" is not on ${ENDPOINT}.`);
    expect(box.querySelector('a')?.href).toBe(`${location.origin}/donate`);
  });

  it('offers "Try again" when the endpoint cannot be reached, which reads the form again and shows it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const stand = stubPublishedForms(FORMS);
    stand.offline = true;
    const element = place('coral-donate-form', {form: 'save-the-reef', endpoint: ENDPOINT});
    const box = await shown(element, '[part="load-error"]');
    expect(box.textContent).toContain('The donate form could not load.');
    stand.offline = false;
    box.querySelector('button')!.click();
    await shown(element, 'form');
    expect(stand.asked).toEqual(['/forms/save-the-reef', '/forms/save-the-reef']);
  });
});
