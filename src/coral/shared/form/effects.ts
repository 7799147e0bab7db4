/**
 * The effects every form shares: the gateway, sending with an idempotency
 * key, turning the machine's notices into DOM events and dataLayer pushes,
 * and prefilling from the URL. Each component's view calls these with its own
 * machine's pieces.
 */
import {useEffect, useLayoutEffect, useMemo, useRef, type RefObject} from 'react';
import {emit, accept, refuse} from '../basics';
import {pushDataLayer, type DataLayerEntry} from '../money';
import {gatewayFor, type GatewayConfig, type Gateway, type SignupGateway} from '../gateways';
import type {Outbox} from '../reducer';
import type {MobileCheck} from '../fields';

/** The config's gateway, made once per gateway config; `override` (tests, the docs' own demos) wins. */
export function useGateway<G extends Gateway | SignupGateway>(config: GatewayConfig, override: G | undefined): G {
  return useMemo(() => override ?? (gatewayFor(config) as G), [config, override]);
}

/** How a component tells the page about a notice: its DOM event, and its dataLayer push when analytics is on. */
export type Announcer<N> = {
  eventFor: (notice: N) => {name: `coral:${string}`; detail: unknown} | null;
  dataLayerFor: (notice: N) => DataLayerEntry | null;
  analytics: boolean;
  /** What to tell the page's developer in the console, for a notice that is a warning. */
  warningOf?: (notice: N) => string | null;
};

/** Sends one notice from `root`: as a `coral:` DOM event that leaves shadow roots, and as a dataLayer push. */
export function announce<N>(root: Element | null, {eventFor, dataLayerFor, analytics, warningOf}: Announcer<N>, notice: N): void {
  const warning = warningOf?.(notice);
  if (warning) console.warn(warning);
  const event = eventFor(notice);
  if (event && root) emit(root, event.name, event.detail);
  if (analytics) {
    const entry = dataLayerFor(notice);
    if (entry) pushDataLayer(entry);
  }
}

/**
 * Sends each new notice in the machine's outbox once, as the render that added
 * it reaches the page: a layout effect runs before the browser paints, so a
 * listener that reads the form sees what the notice describes, and the page's
 * analytics has the push by the time the supporter sees the thanks. (A plain
 * effect waits for the next frame under Preact, which a busy or hidden tab
 * can put off.)
 */
export function useOutbox<N>(state: Outbox<N>, root: RefObject<Element | null>, announcer: Announcer<N>): void {
  const sent = useRef(0);
  const latest = useRef(announcer);
  useLayoutEffect(() => {
    latest.current = announcer;
  });
  useLayoutEffect(() => {
    for (const {seq, notice} of state.outbox) {
      if (seq <= sent.current) continue;
      sent.current = seq;
      announce(root.current, latest.current, notice);
    }
  }, [state.outbox, root]);
}

/** The error every send reports when the gateway itself throws: nothing says whether it was acted on. */
const thrown = (error: unknown) => ({status: 'error', outcome: 'unknown', retryable: false, detail: String(error)}) as const;

/**
 * Sends a payload once per attempt: when the machine's submission turns to
 * sending, `pending` gives its payload and idempotency key, the gateway gets
 * them, and the answer comes back as `answered(key, result)`. A late answer
 * for an older attempt is the machine's to drop.
 */
export function useSend<S, P, R>(
  submission: S,
  pending: (submission: S) => {payload: P; key: string} | null,
  send: (payload: P, options: {idempotencyKey: string}) => Promise<R>,
  answered: (key: string, result: R | ReturnType<typeof thrown>) => void,
): void {
  const latest = useRef({pending, send, answered});
  useEffect(() => {
    latest.current = {pending, send, answered};
  });
  useEffect(() => {
    const attempt = latest.current.pending(submission);
    if (!attempt) return;
    const {payload, key} = attempt;
    void latest.current
      .send(payload, {idempotencyKey: key})
      .catch(thrown)
      .then((result) => latest.current.answered(key, result));
  }, [submission]);
}

const refuseEveryMobile: MobileCheck = () => refuse('the mobile check could not load');

/**
 * Reads the page's URL once, after the first render (there is no URL on the
 * server): `read` checks each whitelisted parameter like typed input and says
 * what to apply; a bad value is dropped with a console warning. The mobile
 * check loads first only when the URL has a phone for a form that shows one;
 * otherwise a phone passes unchecked, and the form, which has no phone field,
 * drops it.
 */
export function useUrlPrefill(
  enabled: boolean,
  phoneShown: boolean,
  loadMobile: () => Promise<MobileCheck>,
  read: (search: URLSearchParams, mobile: MobileCheck) => {warnings: readonly string[]; apply: () => void},
): void {
  const once = useRef({loadMobile, read});
  useEffect(() => {
    if (!enabled) return;
    const search = new URLSearchParams(window.location.search);
    let live = true;
    void (async () => {
      // A check that cannot load (a dropped connection) refuses the phone, so the URL's other values still apply.
      const mobile: MobileCheck =
        phoneShown && search.has('phone') ? await once.current.loadMobile().catch(() => refuseEveryMobile) : accept;
      if (!live) return;
      const {warnings, apply} = once.current.read(search, mobile);
      for (const warning of warnings) console.warn(warning);
      apply();
    })();
    return () => {
      live = false;
    };
  }, [enabled, phoneShown]);
}
