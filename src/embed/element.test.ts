// @vitest-environment jsdom
/** The custom elements' own attributes, as a page script sets them. */
import {waitFor} from '@testing-library/dom';
import {afterEach, describe, expect, it, vi} from 'vitest';
import './coral';

afterEach(() => {
  document.body.replaceChildren();
});

function place(tag: string, attributes: Record<string, string>): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

const headingOf = (element: HTMLElement) =>
  waitFor(() => {
    const heading = element.shadowRoot?.querySelector('h1, h2, h3, h4, h5');
    if (!heading) throw new Error('the component has not rendered yet');
    return heading;
  });

describe('heading-level', () => {
  it('sets the main heading’s level when it is one the component takes', async () => {
    const form = place('coral-donate-form', {config: '{"campaign":"save-the-reef"}', 'heading-level': '3'});
    expect((await headingOf(form)).tagName).toBe('H3');
    const thanks = place('coral-thankyou', {config: '{"campaign":"save-the-reef"}', 'heading-level': '1'});
    expect((await headingOf(thanks)).tagName).toBe('H1');
  });

  it.each([
    ['coral-donate-form', '5', 'expected 2, 3 or 4'],
    ['coral-donate-form', '1', 'expected 2, 3 or 4'],
    ['coral-powerform', 'two', 'expected 2, 3 or 4'],
    ['coral-thankyou', '4', 'expected 1, 2 or 3'],
  ])('on <%s>, ignores "%s" and says what it takes', async (tag, level, allowed) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const element = place(tag, {config: '{"campaign":"save-the-reef"}', 'heading-level': level});
    expect((await headingOf(element)).tagName).toBe('H2');
    expect(warn).toHaveBeenCalledWith(`Coral: ignored heading-level="${level}" on <${tag}>: ${allowed}.`);
  });
});
