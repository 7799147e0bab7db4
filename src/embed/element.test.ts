// @vitest-environment jsdom
/** The custom elements' own attributes, as a page script sets them. */
import {waitFor} from '@testing-library/dom';
import {afterEach, describe, expect, it, vi} from 'vitest';
import './elements';
import {withRetries} from './element';

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

describe('a wrong config', () => {
  it.each(['coral-donate-form', 'coral-powerform', 'coral-thankyou'])(
    'on <%s>, shows the error box naming the wrong key, whether the first script or the component’s code checks it',
    async (tag) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const element = place(tag, {config: '{"campaign":"save-the-reef","colour":"green"}'});
      const box = await waitFor(() => {
        const found = element.shadowRoot?.querySelector('[role="alert"]');
        if (!found) throw new Error('no error box yet');
        return found;
      });
      expect(box.textContent).toContain('colour');
      expect(box.textContent).toMatch(/not an option here/);
      expect(element.shadowRoot?.querySelector('form')).toBeNull();
      expect(error).toHaveBeenCalled();
    },
  );
});

describe('loading the component', () => {
  it('tries again after each delay, and answers the last failure only when every try failed', async () => {
    vi.useFakeTimers();
    try {
      let tries = 0;
      const flaky = () => (++tries < 3 ? Promise.reject(new Error(`try ${tries}`)) : Promise.resolve('code'));
      const loaded = withRetries(flaky, [10, 20]);
      await vi.advanceTimersByTimeAsync(30);
      await expect(loaded).resolves.toBe('code');
      expect(tries).toBe(3);
      const broken = withRetries(() => Promise.reject(new Error('offline')), [10, 20]);
      const settled = expect(broken).rejects.toThrow('offline');
      await vi.advanceTimersByTimeAsync(30);
      await settled;
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the element’s own content until the component renders, then only the component', async () => {
    const form = document.createElement('coral-donate-form');
    form.setAttribute('config', '{"campaign":"save-the-reef"}');
    form.innerHTML = '<a href="/donate">Donate on our website</a>';
    document.body.append(form);
    expect(form.shadowRoot?.querySelector('slot:not([name])')).not.toBeNull();
    await headingOf(form);
    await waitFor(() => expect(form.shadowRoot?.querySelector('slot:not([name])')).toBeNull());
  });

  it('takes its styles as an adopted stylesheet, with no <style> element a strict policy would block', async () => {
    const form = place('coral-donate-form', {config: '{"campaign":"save-the-reef"}'});
    await headingOf(form);
    expect(form.shadowRoot?.querySelector('style')).toBeNull();
    expect(form.shadowRoot?.adoptedStyleSheets).toHaveLength(1);
  });

  it('applies setAmount() called before the form’s code arrived, once it has', async () => {
    const form = document.createElement('coral-donate-form');
    form.setAttribute('config', '{"campaign":"save-the-reef","frequencies":["one-off","monthly"]}');
    form.setAmount(25, 'monthly');
    document.body.append(form);
    form.setAmount(40, 'monthly');
    await headingOf(form);
    await waitFor(() => {
      const chosen = form.shadowRoot?.querySelector<HTMLInputElement>('input[name$="-amount"]:checked');
      expect(chosen?.value).toBe('40');
    });
    expect(form.shadowRoot?.querySelector<HTMLInputElement>('input[value="monthly"]')?.checked).toBe(true);
  });
});
