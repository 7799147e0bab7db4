// @vitest-environment jsdom
import {useRef} from 'react';
import {flushSync} from 'react-dom';
import {createRoot} from 'react-dom/client';
import {afterEach, expect, test, vi} from 'vitest';
import {useOutbox, useUrlPrefill, type Announcer} from './effects';
import type {MobileCheck} from '../fields';
import {emptyOutbox, notify, type Outbox} from '../reducer';

type Notice = {type: 'sent'; reference: string};
type State = Outbox<Notice>;

const announcer: Announcer<Notice> = {
  eventFor: (notice) => ({name: 'coral:sent', detail: {reference: notice.reference}}),
  dataLayerFor: (notice) => ({event: 'sent', reference: notice.reference}),
  analytics: true,
};

function Thanks({state}: {state: State}) {
  const root = useRef<HTMLDivElement>(null);
  useOutbox(state, root, announcer);
  return <div ref={root}>{state.outbox.length > 0 ? 'Thank you' : 'Sign'}</div>;
}

const hosts: HTMLElement[] = [];
afterEach(() => {
  hosts.splice(0).forEach((host) => host.remove());
  delete (window as {dataLayer?: unknown}).dataLayer;
});

// Rendered without Testing Library's act(), which would flush every effect: under Preact, which the embed ships, a
// plain effect waits for the next frame, and the page must not see the thanks before it hears of them.
test('a notice reaches the page with the render that shows it, not a frame later', () => {
  const host = document.createElement('div');
  hosts.push(host);
  document.body.append(host);
  const heard: unknown[] = [];
  host.addEventListener('coral:sent', (event) => heard.push((event as CustomEvent).detail));
  const root = createRoot(host);

  const first = emptyOutbox<Notice>();
  flushSync(() => root.render(<Thanks state={first} />));
  expect(heard).toEqual([]);

  const second = notify(first, {type: 'sent', reference: 'CRL-1'});
  flushSync(() => root.render(<Thanks state={second} />));
  expect(host.textContent).toBe('Thank you');
  expect(heard).toEqual([{reference: 'CRL-1'}]);
  expect((window as {dataLayer?: unknown[]}).dataLayer).toEqual([{event: 'sent', reference: 'CRL-1'}]);

  // The same state again sends nothing twice.
  flushSync(() => root.render(<Thanks state={second} />));
  expect(heard).toHaveLength(1);
  flushSync(() => root.unmount());
});

function Prefilled(props: {loadMobile: () => Promise<MobileCheck>; read: Parameters<typeof useUrlPrefill>[3]}) {
  useUrlPrefill(true, true, props.loadMobile, props.read);
  return null;
}

test('a mobile check that fails to load drops the phone from the URL, and the rest is still prefilled', async () => {
  window.history.replaceState(null, '', '/?phone=0412345678&email=ada%40example.org');
  const host = document.createElement('div');
  hosts.push(host);
  document.body.append(host);
  const apply = vi.fn();
  const read = vi.fn((search: URLSearchParams, mobile: MobileCheck) => ({
    warnings: [],
    apply: () => apply(search.get('email'), mobile(search.get('phone') ?? '')),
  }));
  const root = createRoot(host);
  flushSync(() => root.render(<Prefilled loadMobile={() => Promise.reject(new Error('the chunk did not load'))} read={read} />));
  await vi.waitFor(() => expect(apply).toHaveBeenCalledTimes(1));
  expect(apply).toHaveBeenCalledWith('ada@example.org', {ok: false, reason: expect.stringMatching(/could not load/)});
  flushSync(() => root.unmount());
  window.history.replaceState(null, '', '/');
});
