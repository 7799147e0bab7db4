/**
 * The custom element every Coral component is embedded as: it reads the
 * config from a `config` JSON attribute or a child
 * `<script type="application/json">`, renders the component into a shadow
 * root with Coral's styles, and follows the host page's colour mode.
 *
 * Until the component has rendered, the element shows its own light-DOM
 * children (a plain "Donate on our website" link, say), as it does before the
 * script arrives at all. A component whose code fails to load is tried again,
 * and then the element says so, with a way to try again and the page's
 * `fallback-url` to give elsewhere. Styles go in as constructed stylesheets,
 * so a page whose Content-Security-Policy allows no inline style still shows
 * the components styled.
 */
import {createElement, type ComponentType, type Ref} from 'react';
import {createRoot, type Root} from 'react-dom/client';
import type {CheckResult} from '../coral/shared/config';
import {ConfigProblems} from '../coral/shared/form';
import {LoadFailedBox, LightRoomContext, LOADING_ROOM, type LightRoom} from '../coral/shared/ui';
import {WATCHED_ATTRIBUTES} from './attributes';
import {adoptStyles} from './styles';

/** The props every Coral component takes from its element: its config inline, or a published form's id and endpoint. */
export type ElementProps = ({config: unknown} | {form: string; endpoint: string | null; fallbackUrl: string | null}) & {
  id?: string;
  headingLevel?: number;
  ref?: Ref<unknown>;
};

/** Where the component's code comes from: loaded when the first element of its kind is connected. */
export type ComponentLoader = () => Promise<ComponentType<ElementProps>>;

type Read = {ok: true; config: unknown} | {ok: false; message: string};

/** The config as the page gives it: the attribute wins over a child script; undefined when the page gives none. */
export function readConfig(element: Element): Read {
  const attribute = element.getAttribute('config');
  const script = element.querySelector(':scope > script[type="application/json"]');
  const [text, where] = attribute !== null ? [attribute, 'the config attribute'] : [script?.textContent ?? null, 'the config script'];
  if (text === null || text.trim() === '') return {ok: true, config: undefined};
  try {
    return {ok: true, config: JSON.parse(text) as unknown};
  } catch (error) {
    return {ok: false, message: `${where} is not valid JSON (${error instanceof Error ? error.message : String(error)})`};
  }
}

/**
 * Rules of the element itself. Page styles can place and size the element but
 * not change what is inside it: the root resets every inherited property (the
 * page's fonts, colours, letter spacing, text transforms) except the --coral-*
 * custom properties, which are how a page themes the component. `--_rem`
 * stands in for the page's root font size: the embed build writes the
 * components' rem lengths as multiples of it. An element reading a published
 * form keeps the room the form will take, with its own content in it, until
 * its code arrives; the component's own room then holds it until the form.
 */
const HOST_STYLES =
  ':host{display:block!important}:host([hidden]){display:none!important}' +
  `:host([form]:not([config])) slot:not([name]){display:block;min-height:${LOADING_ROOM}}` +
  '.coral-root{all:initial;--_rem:16px;display:block;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:var(--_rem);line-height:1.5}';

/**
 * A room's own box, set through the CSSOM (a strict CSP allows that, where it
 * blocks style attributes): page rules such as `div { padding: 2em }` must not
 * reach the processor's fields, which keep their own look inside their frames.
 */
const ROOM_BOX: readonly [string, string][] = [
  ['display', 'block'],
  ['position', 'static'],
  ['float', 'none'],
  ['margin', '0'],
  ['padding', '0'],
  ['border', '0'],
  ['background', 'none'],
  ['width', 'auto'],
  ['max-width', 'none'],
  ['height', 'auto'],
  ['min-height', '0'],
  ['overflow', 'visible'],
  ['opacity', '1'],
  ['transform', 'none'],
  ['visibility', 'visible'],
];

const ROOM = 'data-coral-room';

/** The page's `fallback-url`, when it is an address a link may take a supporter to: http(s), or a path on this site. */
function safeFallback(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, document.baseURI);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A change made by a processor inside a room, or a room coming and going: nothing the element's config depends on. */
const inRooms = (records: readonly MutationRecord[]): boolean =>
  records.every((record) => {
    const target = record.target instanceof Element ? record.target : record.target.parentElement;
    if (target?.closest(`[${ROOM}]`)) return true;
    return [...record.addedNodes, ...record.removedNodes].every((node) => node instanceof Element && node.hasAttribute(ROOM));
  });

/** Waits before each new try at loading a component's code: a phone on a bad connection often gets it on a second go. */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 3_000];

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Loads with retries: the first try, then one after each delay; the last failure is the answer. */
export async function withRetries<T>(load: () => Promise<T>, delays: readonly number[] = RETRY_DELAYS_MS): Promise<T> {
  for (const delay of delays) {
    try {
      return await load();
    } catch {
      await pause(delay);
    }
  }
  return load();
}

/** The element's own rules, one sheet for every element on the page, ahead of the components' sheets (./styles.ts). */
let hostSheet: CSSStyleSheet | null = null;
function hostStyles(): CSSStyleSheet {
  if (!hostSheet) {
    hostSheet = new CSSStyleSheet();
    hostSheet.replaceSync(HOST_STYLES);
  }
  return hostSheet;
}

/** The host page's colour mode, as Docusaurus and many sites mark it on <html>; null when the page has none. */
const pageMode = (): string | null => document.documentElement.getAttribute('data-theme');

/** The element class for one component; the caller registers it under its tag (a subclass may add methods first). */
export function coralElement(options: {
  /** The component's name in error messages, e.g. "donate form". */
  component: string;
  /**
   * The component's own config check, run before its code loads, so a wrong config is explained without waiting for it.
   * Without it the check comes with the component's code, which explains a wrong config itself.
   */
  check?: (config: unknown) => CheckResult<unknown>;
  load: ComponentLoader;
  /** The component gives a handle through its ref (the donate form's setAmount). */
  withHandle?: boolean;
  /** The levels its main heading may take, to fit the page's outline. */
  headingLevels: readonly number[];
}) {
  const {component, check, load, withHandle = false, headingLevels} = options;
  let loading: Promise<ComponentType<ElementProps>> | null = null;

  class CoralElement extends HTMLElement {
    static observedAttributes = WATCHED_ATTRIBUTES;

    #root: Root | null = null;
    #modeWatch: MutationObserver | null = null;
    #childWatch: MutationObserver | null = null;
    /** What the component's handle (e.g. setAmount) exposes, once it has rendered. */
    protected handle: unknown = null;
    /** Calls a page made on the handle before the component's code arrived, applied in order once it has. */
    #waiting: ((handle: unknown) => void)[] = [];
    /** The default slot that shows the element's own light-DOM children until the component renders. */
    #fallback: HTMLSlotElement | null = null;
    /** Stops the shadow root taking the sheets that later chunks bring. */
    #dropStyles: (() => void) | null = null;

    /** Runs `call` with the component's handle now, or as soon as the component has rendered. */
    protected withHandle(call: (handle: unknown) => void): void {
      if (this.handle) call(this.handle);
      else this.#waiting.push(call);
    }

    /** Light-DOM children, shown through named slots, for fields a processor refuses to draw in a shadow root. */
    #lightRoom: LightRoom = {
      open: (name) => {
        const found = [...this.children].find((child) => child.getAttribute(ROOM) === name);
        if (found instanceof HTMLElement) return found;
        const room = document.createElement('div');
        room.setAttribute(ROOM, name);
        room.slot = name;
        for (const [property, value] of ROOM_BOX) room.style.setProperty(property, value, 'important');
        this.append(room);
        return room;
      },
      close: (name) => {
        for (const child of [...this.children]) if (child.getAttribute(ROOM) === name) child.remove();
      },
    };

    connectedCallback(): void {
      const shadow = this.shadowRoot ?? this.attachShadow({mode: 'open'});
      this.#dropStyles = adoptStyles(shadow, hostStyles());
      if (!this.#root) {
        const fallback = document.createElement('slot');
        const mount = document.createElement('div');
        mount.className = 'coral-root';
        mount.setAttribute('part', 'root');
        shadow.replaceChildren(fallback, mount);
        this.#fallback = fallback;
        this.#root = createRoot(mount);
      }
      this.#followMode();
      // A config script may arrive after the element when the page is still being parsed.
      this.#childWatch = new MutationObserver((records) => {
        if (!inRooms(records)) this.#render();
      });
      this.#childWatch.observe(this, {childList: true, subtree: true, characterData: true});
      this.#render();
    }

    disconnectedCallback(): void {
      this.#modeWatch?.disconnect();
      this.#childWatch?.disconnect();
      this.#dropStyles?.();
      this.#root?.unmount();
      this.#root = null;
    }

    attributeChangedCallback(): void {
      if (this.#root) this.#render();
    }

    /** The heading-level attribute, when it names a level this component takes; any other value is ignored, and the console says so. */
    #headingLevel(): {headingLevel?: number} {
      const given = this.getAttribute('heading-level');
      if (given === null) return {};
      const level = Number(given);
      if (headingLevels.includes(level)) return {headingLevel: level};
      const allowed = `${headingLevels.slice(0, -1).join(', ')} or ${String(headingLevels.at(-1))}`;
      console.warn(`Coral: ignored heading-level="${given}" on <${this.localName}>: expected ${allowed}.`);
      return {};
    }

    #followMode(): void {
      const mirror = () => {
        const mode = pageMode();
        if (mode === null) this.removeAttribute('data-coral-mode');
        else this.setAttribute('data-coral-mode', mode);
      };
      mirror();
      this.#modeWatch = new MutationObserver(mirror);
      this.#modeWatch.observe(document.documentElement, {attributes: true, attributeFilter: ['data-theme']});
    }

    /** The component (or what stands for it) is on screen: the element's own fallback content steps aside. */
    #shown(): void {
      this.#fallback?.remove();
      this.#fallback = null;
    }

    #render(): void {
      const root = this.#root;
      if (!root) return;
      const read = readConfig(this);
      if (!read.ok) {
        root.render(createElement(ConfigProblems, {component, problem: [{path: '', value: '(not JSON)', message: read.message}]}));
        this.#shown();
        return;
      }
      const form = this.getAttribute('form');
      const fallbackUrl = safeFallback(this.getAttribute('fallback-url'));
      // A published form's config is checked when it arrives; until then its room stays, with the element's own content in it.
      const byId = form !== null && read.config === undefined;
      const config = read.config ?? {};
      const checked = byId ? null : check?.(config);
      if (checked && !checked.ok) {
        root.render(createElement(ConfigProblems, {component, problem: checked}));
        this.#shown();
        return;
      }
      const props: ElementProps = {
        ...(byId ? {form, endpoint: this.getAttribute('endpoint'), fallbackUrl} : {config}),
        ...(this.id ? {id: this.id} : {}),
        ...this.#headingLevel(),
        ...(withHandle
          ? {
              ref: (handle: unknown) => {
                this.handle = handle;
                if (!handle) return;
                const waiting = this.#waiting.splice(0);
                for (const call of waiting) call(handle);
              },
            }
          : {}),
      };
      loading ??= withRetries(load);
      loading.then(
        (Component) => {
          if (this.#root !== root) return;
          root.render(createElement(LightRoomContext.Provider, {value: this.#lightRoom}, createElement(Component, props)));
          this.#shown();
        },
        () => {
          // Every try failed: the next render (a click on "Try again", or another element) starts afresh.
          loading = null;
          if (this.#root !== root) return;
          const retry = () => this.#render();
          root.render(createElement(LoadFailedBox, {component, fallbackUrl, retry}));
        },
      );
    }
  }

  return CoralElement;
}

/** Registers an element once, so loading the script twice on a page is harmless. */
export function defineOnce(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element);
}
