/**
 * The checks every Coral component passes, run from each component's own
 * `*.suite.test.tsx` with its examples and its own cases (as Shoelace's
 * form-control-base-tests serve every form control): no axe violation in any
 * example, the error box for a wrong config, `coral:` events that leave a
 * shadow root, and script payloads shown as text and never run. Its callers
 * run in both Vitest projects, so all of it holds for React and for the
 * embed's preact/compat.
 */
import type {ComponentType} from 'react';
import {cleanup, render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {axe} from 'vitest-axe';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {hostileMessages, SCRIPT_PAYLOADS} from '../hostile';

declare global {
  interface Window {
    __coralXss?: number;
  }
}

export type User = ReturnType<typeof userEvent.setup>;

/** A config the schema refuses, and the key its error box must name. */
export type WrongConfig = {readonly config: unknown; readonly key: string};

/** Script payloads typed into a component's fields: `type` fills them in and checks what the component made of them. */
export type TypedPayloads = {
  title: string;
  config: unknown;
  /** Runs before the component renders, e.g. to hand over a gift. */
  before?: () => void;
  type: (user: User) => Promise<void>;
};

export type ComponentSuite = {
  /** The component's name in test titles. */
  name: string;
  Component: ComponentType<{config: unknown; id?: string}>;
  /** The custom element the embed wraps the component in: the host of the shadow root the event check renders into. */
  tag: `coral-${string}`;
  /** Every named example config of the component: each must render with no axe violation. */
  examples: Readonly<Record<string, unknown>>;
  /** One config with a misspelled key and one with a wrong value. */
  wrongConfigs: {readonly misspelledKey: WrongConfig; readonly wrongValue: WrongConfig};
  /** An event the component sends on mount, or on the first interaction `trigger` makes, and its detail. */
  event: {
    name: `coral:${string}`;
    config: unknown;
    detail: Readonly<Record<string, unknown>>;
    trigger?: (user: User, root: HTMLElement) => Promise<void>;
  };
  hostile: {
    /** The component's message table: the suite replaces every message with a payload. */
    messages: Readonly<Record<string, string>>;
    /** A valid config with `payload(i)` in each of its other strings. */
    config: (payload: (i: number) => string) => Record<string, unknown>;
    /** The payloads (by `i`) the component must show as text, and those that must name an image. */
    shown: readonly number[];
    alt?: readonly number[];
    typed?: readonly TypedPayloads[];
  };
};

/** The shared payloads in turn, so each config string gets a different one. */
export const payload = (i: number): string => SCRIPT_PAYLOADS[i % SCRIPT_PAYLOADS.length]!;

/** What a payload would leave behind if it ran or became markup. */
const ACTIVE = 'script, img[src="x"], svg[onload], iframe, [onerror], [onload], [onmouseover], a[href^="javascript:"]';

export function expectInert(container: Element | ShadowRoot): void {
  expect(window.__coralXss).toBeUndefined();
  expect(container.querySelectorAll(ACTIVE)).toHaveLength(0);
}

export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe(container);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The error box's title, which no working component shows. */
const CANNOT_BE_SHOWN = /cannot be shown: its config has/;

export function describeComponent({name, Component, tag, examples, wrongConfigs, event, hostile}: ComponentSuite): void {
  describe(`${name}, as every Coral component`, () => {
    beforeEach(() => {
      // jsdom has no layout: error summaries and external handles scroll into view.
      Element.prototype.scrollIntoView = vi.fn();
      delete window.__coralXss;
      window.dataLayer = [];
      sessionStorage.clear();
    });
    afterEach(() => {
      cleanup();
      sessionStorage.clear();
      window.history.replaceState(null, '', '/');
    });

    it.each(Object.entries(examples))('renders the %s example with no axe violation', async (example, config) => {
      const {container} = render(<Component config={config} id={`example-${example}`} />);
      expect(screen.queryByText(CANNOT_BE_SHOWN)).not.toBeInTheDocument();
      await expectNoAxeViolations(container);
    });

    it.each([
      ['a misspelled key', wrongConfigs.misspelledKey, /not an option here/],
      ['a wrong value', wrongConfigs.wrongValue, /expected/],
    ] as const)('shows the error box naming the key, and no form, for %s', async (_, {config, key}, says) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const {container} = render(<Component config={config} />);
      const box = await screen.findByRole('alert');
      expect(box).toHaveTextContent(CANNOT_BE_SHOWN);
      const line = within(box).getByText(key, {selector: 'code'}).closest('li');
      expect(line?.textContent).toMatch(new RegExp(`^${escape(key)}: got .*; ${says.source}`));
      expect(container.querySelector('form, input, button, select, textarea, h1, h2, h3, h4')).toBeNull();
      // The console hears of it once the box has drawn, which the embed's runtime does a frame later.
      await waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringContaining(`${key}: got`)));
    });

    it(`sends ${event.name} out of a shadow root to the document, with its detail`, async () => {
      const host = document.body.appendChild(document.createElement(tag));
      const container = host.attachShadow({mode: 'open'}).appendChild(document.createElement('div'));
      const seen: {target: EventTarget | null; detail: unknown}[] = [];
      const listener = (e: Event) => seen.push({target: e.target, detail: (e as CustomEvent).detail});
      document.addEventListener(event.name, listener);
      try {
        render(<Component config={event.config} />, {container});
        await event.trigger?.(userEvent.setup(), container);
        // Seen from the document, an event from inside the shadow root comes from its host.
        await waitFor(() => expect(seen).toEqual([{target: host, detail: event.detail}]));
      } finally {
        document.removeEventListener(event.name, listener);
        cleanup();
        host.remove();
      }
    });

    describe('given script payloads', () => {
      it('shows them as text in every message and config string', () => {
        const messages = hostileMessages(hostile.messages);
        const {container} = render(<Component config={{...hostile.config(payload), messages}} />);
        expect(screen.queryByText(CANNOT_BE_SHOWN)).not.toBeInTheDocument();
        expectInert(container);
        const text = container.textContent ?? '';
        for (const i of hostile.shown) expect(text).toContain(payload(i));
        for (const i of hostile.alt ?? []) expect(screen.getByRole('img', {name: payload(i)})).toBeInTheDocument();
        // The messages are in use: those without {placeholders} show exactly as given.
        expect(Object.values(messages).filter((message) => !message.includes('{') && text.includes(message))).not.toHaveLength(0);
      });

      for (const typed of hostile.typed ?? []) {
        it(`keeps them inert when they are typed ${typed.title}`, async () => {
          typed.before?.();
          const {container} = render(<Component config={typed.config} />);
          await typed.type(userEvent.setup());
          expectInert(container);
        });
      }
    });
  });
}
