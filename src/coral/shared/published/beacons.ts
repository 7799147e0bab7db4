/**
 * The events a form read by its id tells the endpoint (`POST <endpoint>/events`): seen, first touched, sent, and what
 * came of it, each with the form, version and variant, the random visitor id, the time since the page loaded, the
 * form's source code and the page's utm values. Never a name, an email, an amount or anything else typed: the results
 * count visitors, not people. Sent as a beacon, which outlives the page and asks for no preflight.
 */
import type {PublishedSend} from '../../contract';
import {EVENTS_PATH, type EventKind} from '../../contract/eventsPath';
import {MACHINE_VALUE} from '../../contract/machineValue';
import {UTM_PARAMS} from '../fields/core';

/** `published`: the form and the page's utm values, which its gifts and signatures carry too. */
export type Beacons = {base: string; published: PublishedSend; visitor: string; source?: unknown};

/** The page's utm values, read once when the form is read, for its events and its gifts or signatures alike. */
export function pageUtm(): PublishedSend['utm'] {
  const search = new URLSearchParams(location.search);
  const utm: PublishedSend['utm'] = {};
  for (const name of UTM_PARAMS) {
    const value = search.get(name)?.trim();
    // A machine's characters only: no email, nothing with a line break. The rest of the rule (no phone, card or street
    // number) would add 0.65 KB to this chunk's 1.3, past its 1.5 KB, so the endpoint applies it and drops the value.
    if (value && MACHINE_VALUE.test(value)) utm[name] = value;
  }
  return utm;
}

/** Sends one event; a refused or failed send is dropped without a word, as the form must go on the same. */
export function send({base, published: {form, utm}, visitor, source}: Beacons, kind: EventKind): void {
  const body = JSON.stringify({form, kind, visitor, sinceLoad: Math.round(performance.now()), source, utm});
  const url = base + EVENTS_PATH;
  try {
    // text/plain, as the endpoint takes it: a beacon of any other type would need a preflight it cannot send.
    if (navigator.sendBeacon(url, new Blob([body], {type: 'text/plain'}))) return;
  } catch {
    // No sendBeacon (or one that throws): fetch with keepalive outlives the page in the same way.
  }
  fetch(url, {method: 'POST', body, keepalive: true, headers: {'content-type': 'text/plain'}}).catch(() => {});
}

/**
 * Sends `view` once when the form is at least half on screen (or fills half the screen), `start` at its first focus
 * or input, and `submit`, `done` and `failed` on the component's own events, which bubble to `wrapper` from its form.
 * Answers the clean-up. A thank-you page sends `view` only: it has nothing to fill in, and a press of its share button
 * is no start.
 */
export function track(wrapper: HTMLElement, beacons: Beacons, viewOnly: boolean): () => void {
  // Several thresholds, as a form taller than two screens is never half on one: half of the screen filled by it counts too.
  const seen =
    typeof IntersectionObserver === 'function' ? new IntersectionObserver(onScreen, {threshold: [0, 0.1, 0.2, 0.3, 0.4, 0.5]}) : null;
  function onScreen(entries: IntersectionObserverEntry[]) {
    const half = (entry: IntersectionObserverEntry) =>
      entry.isIntersecting &&
      (entry.intersectionRatio >= 0.5 || entry.intersectionRect.height * 2 >= (entry.rootBounds?.height ?? Infinity));
    // The first report comes at once, at any share on screen: a form a third on screen is not yet seen.
    if (!entries.some(half)) return;
    seen?.disconnect();
    send(beacons, 'view');
  }
  // The wrapper is `display: contents`, with no box of its own: it is its child that is on screen or not.
  if (wrapper.firstElementChild) seen?.observe(wrapper.firstElementChild);
  const kinds: [string, EventKind][] = viewOnly
    ? []
    : [
        ['focusin', 'start'],
        ['input', 'start'],
        ['coral:submit', 'submit'],
        ['coral:success', 'done'],
        ['coral:error', 'failed'],
      ];
  let started = false;
  const listeners = kinds.map(([name, kind]) => {
    const listener = () => {
      if (kind !== 'start' || !started) send(beacons, kind);
      started ||= kind === 'start';
    };
    wrapper.addEventListener(name, listener);
    return () => wrapper.removeEventListener(name, listener);
  });
  return () => {
    seen?.disconnect();
    for (const remove of listeners) remove();
  };
}
