/**
 * A page's side of a published form's visits, for tests: the beacons it sends (as `navigator.sendBeacon` takes them),
 * a viewport the test scrolls a form into (jsdom has no IntersectionObserver), and a visitor id an experiment shows a
 * given variant.
 */
import {vi} from 'vitest';
import {assignVariant, type Experiment} from '../../contract';

export type Beacon = {url: string; type: string; body: Record<string, unknown>};

/**
 * Stands in for `navigator.sendBeacon`, answering `accepted` (false: the browser's queue is full), and records each
 * beacon's address, type and JSON body. `read()` answers them once their blobs are read.
 */
export function recordBeacons(accepted = true) {
  const sent: Promise<Beacon>[] = [];
  const sendBeacon = vi.fn((url: string | URL, data?: BodyInit | null) => {
    const blob = data as Blob;
    sent.push(blob.text().then((text) => ({url: String(url), type: blob.type, body: JSON.parse(text) as Record<string, unknown>})));
    return accepted;
  });
  Object.defineProperty(navigator, 'sendBeacon', {value: sendBeacon, configurable: true, writable: true});
  return {sendBeacon, read: () => Promise.all(sent)};
}

/** Takes `navigator.sendBeacon` away again, as a browser without it has none. */
export function dropSendBeacon(): void {
  Reflect.deleteProperty(navigator, 'sendBeacon');
}

/**
 * A viewport for IntersectionObserver: `show(element, ratio, share)` tells each observer of the element that `ratio` of
 * it is on screen, filling `share` of the screen's height. Every observer hears it, at whatever thresholds it asked
 * for: what counts as seen is the code's own check.
 */
export function stubViewport(screenHeight = 800) {
  const observers = new Set<{callback: IntersectionObserverCallback; targets: Set<Element>}>();
  class StandIn {
    readonly entry = {callback: (() => {}) as IntersectionObserverCallback, targets: new Set<Element>()};
    constructor(callback: IntersectionObserverCallback) {
      this.entry.callback = callback;
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.add(target);
    }
    unobserve(target: Element) {
      this.entry.targets.delete(target);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', StandIn);
  const show = (element: Element, ratio: number, share = 0) => {
    for (const observer of [...observers]) {
      const watched = [...observer.targets].filter((target) => target === element || element.contains(target));
      if (watched.length === 0) continue;
      const entries = watched.map(
        (target) =>
          ({
            target,
            intersectionRatio: ratio,
            isIntersecting: ratio > 0,
            intersectionRect: {height: share * screenHeight},
            rootBounds: {height: screenHeight},
          }) as unknown as IntersectionObserverEntry,
      );
      observer.callback(entries, {} as IntersectionObserver);
    }
  };
  return {show, watched: () => [...observers].flatMap((observer) => [...observer.targets])};
}

/** A visitor id, as a page stores it, that `experiment` shows `variant`. */
export function visitorShown(experiment: Experiment, variant: string): string {
  for (let i = 0; i < 10_000; i += 1) {
    const id = `test-visitor-${String(i).padStart(5, '0')}`;
    if (assignVariant(experiment, id) === variant) return id;
  }
  throw new Error(`no visitor is shown ${variant}`);
}
