/**
 * Cloudflare Turnstile, loaded on demand by a form whose config has a site
 * key: its script once per page, from Cloudflare's own address, and one
 * widget drawn in a room of the page's own DOM (explicit rendering).
 */

/** Explicit rendering: the script draws nothing by itself. */
export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** The parameters of `turnstile.render` the form uses. */
export type TurnstileParams = {
  sitekey: string;
  /** A token: good for one verification, for 300 seconds. */
  callback: (token: string) => void;
  'expired-callback': () => void;
  /** An interactive check the visitor left unanswered. */
  'timeout-callback': () => void;
  'error-callback': (code: string) => void;
  theme: 'light' | 'dark';
  /** The token reaches the form through `callback` only: no hidden input for a page's own form to post. */
  'response-field': false;
};

/** The part of Turnstile's client API the form uses. */
export type TurnstileApi = {
  render: (container: HTMLElement, params: TurnstileParams) => string | null | undefined;
  reset: (widgetId: string) => void;
  remove: (widgetId: string) => void;
};

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

/** Turnstile's API, loading its script the first time any form asks; a script that fails is tried again on the next ask. */
export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  return (loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    const fail = () => {
      script.remove();
      loading = null;
      reject(new Error('no bot check'));
    };
    script.addEventListener('load', () => {
      if (!window.turnstile) return fail();
      // From now on the page has Turnstile itself.
      loading = null;
      resolve(window.turnstile);
    });
    script.addEventListener('error', fail);
    document.head.append(script);
  }));
}

/** How the widget is doing: no token yet (`waiting`), a fresh `token`, or no widget at all (`unavailable`). */
export type TurnstileReport = {status: 'waiting'} | {status: 'ready'; token: string} | {status: 'unavailable'};

export type MountedTurnstile = {reset: () => void; remove: () => void};

/** Draws one widget in `room` and reports each change; `reset` asks for a fresh token after one was used. */
export async function mountTurnstile(
  room: HTMLElement,
  {siteKey, dark}: {siteKey: string; dark: boolean},
  report: (state: TurnstileReport) => void,
): Promise<MountedTurnstile> {
  const turnstile = await loadTurnstile();
  const waiting = () => report({status: 'waiting'});
  waiting();
  const id = turnstile.render(room, {
    sitekey: siteKey,
    callback: (token) => report({status: 'ready', token}),
    'expired-callback': waiting,
    'timeout-callback': waiting,
    // The widget could not check this visitor (a blocked frame, an old browser): the gift goes without a token.
    'error-callback': () => report({status: 'unavailable'}),
    theme: dark ? 'dark' : 'light',
    'response-field': false,
  });
  if (typeof id !== 'string') throw new Error('no bot check');
  return {
    reset: () => {
      waiting();
      turnstile.reset(id);
    },
    remove: () => turnstile.remove(id),
  };
}
