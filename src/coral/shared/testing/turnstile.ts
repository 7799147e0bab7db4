/**
 * A stand-in for Cloudflare Turnstile's client API in the page
 * (`window.turnstile`, explicit rendering), for component tests: it draws a
 * box where a widget would be, hands out tokens when told, and refuses what
 * Turnstile refuses (no site key, a container that is not in the document,
 * a container inside a shadow root, a widget id it does not know).
 */
import type {TurnstileApi, TurnstileParams} from '../gateways';

type Widget = {params: TurnstileParams; box: HTMLElement; token: string | null; resets: number};

export type TurnstileStandIn = TurnstileApi & {
  widgets: Map<string, Widget>;
  /** The visitor passes the check: the widget's callback gets a fresh token. */
  pass: (id?: string) => string;
  /** The token runs out, as it does after 300 seconds. */
  expire: (id?: string) => void;
};

export function turnstileStandIn(): TurnstileStandIn {
  const widgets = new Map<string, Widget>();
  let count = 0;
  const widget = (id: string | undefined): Widget & {id: string} => {
    const key = id ?? [...widgets.keys()].at(-1);
    const found = key === undefined ? undefined : widgets.get(key);
    if (key === undefined || !found) throw new Error(`[Cloudflare Turnstile] Could not find widget for provided container.`);
    return {...found, id: key};
  };
  return {
    widgets,
    render(container, params) {
      if (!params.sitekey) throw new Error('[Cloudflare Turnstile] Invalid or missing type for parameter "sitekey".');
      if (!container.isConnected) throw new Error('[Cloudflare Turnstile] Unable to find a container.');
      if (container.getRootNode() instanceof ShadowRoot) throw new Error('[Cloudflare Turnstile] Cannot render inside a shadow root.');
      count += 1;
      const id = `cf-chl-widget-${count}`;
      const box = document.createElement('div');
      box.id = id;
      box.textContent = 'Verify you are human';
      container.append(box);
      widgets.set(id, {params, box, token: null, resets: 0});
      return id;
    },
    reset(id) {
      const found = widget(id);
      widgets.set(found.id, {...found, token: null, resets: found.resets + 1});
    },
    remove(id) {
      const found = widget(id);
      found.box.remove();
      widgets.delete(found.id);
    },
    pass(id) {
      const found = widget(id);
      count += 1;
      const token = `stand-in-token-${count}`;
      widgets.set(found.id, {...found, token});
      found.params.callback(token);
      return token;
    },
    expire(id) {
      const found = widget(id);
      widgets.set(found.id, {...found, token: null});
      found.params['expired-callback']();
    },
  };
}
