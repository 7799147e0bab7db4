// @vitest-environment jsdom
/**
 * A form read by its id, for its visitor: the variant of its experiment they are shown (settled before the form
 * first shows, the same on every visit), and the events it sends the endpoint, with nothing the visitor typed.
 */
import {act, cleanup, render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {eventRequestSchema, type Experiment} from '../contract';
import {VISITOR_KEY} from '../shared/published';
import {ENDPOINT, published, recordBeacons, stubPublishedForms, stubViewport, visitorShown, type Beacon} from '../shared/testing';
import {ThankYou} from '../thank-you';
import * as THANK_YOU_EXAMPLES from '../thank-you/examples';
import {fillCard, fillDetails} from './DonateForm.testing';
import * as DONATE_FORM_EXAMPLES from './examples';
import {DonateForm} from '.';

const HEADLINE = 'Keep the reef alive';
const words: Experiment = {
  id: 'reef-words',
  variants: [
    {id: 'control', weight: 1, changes: {}},
    {id: 'new-words', weight: 1, changes: {messages: {heading: HEADLINE}}},
  ],
};
const reef = {...DONATE_FORM_EXAMPLES.sandbox, sourceCode: 'EM26-REEF'};
const withWords = published('save-the-reef', 'donate-form', {...reef, experiment: words}, 5);
const plain = published('save-the-reef', 'donate-form', reef, 5);

/** What a beacon may hold, and no more: the schema's own keys. */
const KEYS = ['form', 'kind', 'sinceLoad', 'source', 'utm', 'visitor'];

beforeEach(() => {
  window.history.replaceState(null, '', '/appeal?utm_source=newsletter&utm_medium=email&utm_content=mere%40example.org&amount=60');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

/** Each beacon's body as the endpoint checks it; a body it would refuse fails the test. */
const checked = (beacons: Beacon[]) =>
  beacons.map((beacon) => {
    expect(beacon.url).toBe(`${ENDPOINT}/events`);
    expect(beacon.type).toBe('text/plain');
    expect(
      Object.keys(beacon.body).every((key) => KEYS.includes(key)),
      JSON.stringify(beacon.body),
    ).toBe(true);
    return eventRequestSchema.parse(beacon.body);
  });

/** Every heading the page showed, from its first render on: a variant that flashed first would be among them. */
function headingsShown(): string[] {
  const seen: string[] = [];
  const watch = new MutationObserver(() => {
    for (const heading of document.querySelectorAll('h2'))
      if (!seen.includes(heading.textContent ?? '')) seen.push(heading.textContent ?? '');
  });
  watch.observe(document.body, {childList: true, subtree: true, characterData: true});
  return seen;
}

describe('the variant a visitor is shown', () => {
  it('is settled before the form first shows, and is the same for the same stored visitor', async () => {
    stubPublishedForms([withWords]);
    const shown = headingsShown();
    sessionStorage.setItem(VISITOR_KEY, visitorShown(words, 'new-words'));
    render(<DonateForm form="save-the-reef" endpoint={ENDPOINT} />);
    expect(await screen.findByRole('heading', {name: HEADLINE})).toBeInTheDocument();
    cleanup();
    render(<DonateForm form="save-the-reef" endpoint={ENDPOINT} />);
    expect(await screen.findByRole('heading', {name: HEADLINE})).toBeInTheDocument();
    expect(shown).toEqual([HEADLINE]);
    cleanup();
    sessionStorage.setItem(VISITOR_KEY, visitorShown(words, 'control'));
    render(<DonateForm form="save-the-reef" endpoint={ENDPOINT} />);
    expect(await screen.findByRole('heading', {name: 'Make a donation'})).toBeInTheDocument();
    expect(screen.queryByRole('heading', {name: HEADLINE})).toBeNull();
  });

  it('keeps a new visitor’s random id in the tab, or in the browser when the form asks', async () => {
    stubPublishedForms([withWords, published('reef-kept', 'donate-form', {...reef, experiment: words, visitor: 'browser'})]);
    render(<DonateForm form="save-the-reef" endpoint={ENDPOINT} />);
    await screen.findByRole('button', {name: 'Give $60'});
    const inTab = sessionStorage.getItem(VISITOR_KEY);
    expect(inTab).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem(VISITOR_KEY)).toBeNull();
    cleanup();
    render(<DonateForm form="reef-kept" endpoint={ENDPOINT} />);
    await screen.findByRole('button', {name: 'Give $60'});
    expect(localStorage.getItem(VISITOR_KEY)).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem(VISITOR_KEY)).not.toBe(inTab);
    expect(document.cookie).toBe('');
  });

  it('still shows the form, one visitor for the page, when storage is missing or throws', async () => {
    const beacons = recordBeacons();
    const viewport = stubViewport();
    stubPublishedForms([withWords]);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    render(<DonateForm form="save-the-reef" endpoint={ENDPOINT} />);
    await screen.findByRole('button', {name: /^Give \$60/});
    vi.stubGlobal('sessionStorage', undefined);
    render(<DonateForm form="save-the-reef" endpoint={ENDPOINT} />);
    await vi.waitFor(() => expect(screen.getAllByRole('button', {name: /^Give \$60/})).toHaveLength(2));
    await vi.waitFor(() => expect(viewport.watched()).toHaveLength(2));
    act(() => viewport.show(document.body, 1));
    const [first, second] = checked(await beacons.read());
    expect(first?.kind).toBe('view');
    expect(second?.visitor).toBe(first?.visitor);
  });
});

describe('the events a form read by its id sends', () => {
  it('says when it is seen, first touched, sent and given, with its variant and nothing typed', async () => {
    const user = userEvent.setup();
    const beacons = recordBeacons();
    const viewport = stubViewport();
    stubPublishedForms([withWords]);
    const visitor = visitorShown(words, 'new-words');
    sessionStorage.setItem(VISITOR_KEY, visitor);
    render(<DonateForm form="save-the-reef" endpoint={`${ENDPOINT}/`} />);
    const heading = await screen.findByRole('heading', {name: HEADLINE});
    await vi.waitFor(() => expect(viewport.watched()).toHaveLength(1));
    // What is watched is the form's own box, the heading's and the rest's.
    const form = viewport.watched()[0]!;
    expect(form.contains(heading)).toBe(true);
    // A form that fills a third of the screen is not seen yet, nor is one off it; a form taller than two screens
    // never has half of itself on one, and is seen when it fills half of it.
    act(() => viewport.show(form, 0.3, 0.3));
    act(() => viewport.show(form, 0, 0));
    expect(beacons.sendBeacon).not.toHaveBeenCalled();
    act(() => viewport.show(form, 0.3, 0.6));
    expect(beacons.sendBeacon).toHaveBeenCalledTimes(1);
    // Seen once: scrolling it back into view is no second view.
    act(() => viewport.show(form, 1, 1));
    expect(beacons.sendBeacon).toHaveBeenCalledTimes(1);
    await fillDetails(user);
    await fillCard(user);
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    const events = checked(await beacons.read());
    expect(events.map((event) => event.kind)).toEqual(['view', 'start', 'submit', 'done']);
    for (const event of events) {
      expect(event).toMatchObject({
        form: {id: 'save-the-reef', version: 5, variant: 'new-words'},
        visitor,
        source: 'EM26-REEF',
        // The email in the address is left out, as a gift leaves it out.
        utm: {utm_source: 'newsletter', utm_medium: 'email'},
      });
      expect(Object.keys(event.utm)).toEqual(['utm_source', 'utm_medium']);
      expect(Number.isInteger(event.sinceLoad)).toBe(true);
    }
    const bodies = JSON.stringify((await beacons.read()).map((beacon) => beacon.body));
    for (const typed of ['Mere', 'Tane', 'mere@example.org', '2000', '4242']) expect(bodies).not.toContain(typed);
  });

  it('says a gift failed, and sends by fetch when there is no beacon, or the beacon is refused', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error');
    const posted: {body: string; init: RequestInit}[] = [];
    stubPublishedForms([plain], async (request) => {
      posted.push({body: await request.text(), init: vi.mocked(fetch).mock.lastCall![1]!});
      // The endpoint cannot be reached: the form goes on all the same, and says nothing of it.
      throw new TypeError('Failed to fetch');
    });
    render(<DonateForm form="save-the-reef" endpoint={ENDPOINT} />);
    await screen.findByRole('button', {name: 'Give $60'});
    await fillDetails(user);
    recordBeacons(false);
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    expect(await screen.findByRole('alert')).toHaveTextContent(/declined/i);
    await vi.waitFor(() => expect(posted.map(({body}) => JSON.parse(body).kind)).toEqual(['start', 'submit', 'failed']));
    for (const {body, init} of posted) {
      expect(init).toMatchObject({method: 'POST', keepalive: true, headers: {'content-type': 'text/plain'}});
      expect(eventRequestSchema.parse(JSON.parse(body))).toMatchObject({form: {id: 'save-the-reef', version: 5}, source: 'EM26-REEF'});
      expect(JSON.parse(body).form).not.toHaveProperty('variant');
    }
    expect(error).not.toHaveBeenCalled();
  });

  it('sends nothing from a form whose config is on the page', async () => {
    const user = userEvent.setup();
    const beacons = recordBeacons();
    const viewport = stubViewport();
    const fetch = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetch);
    render(<DonateForm config={reef} />);
    act(() => viewport.show(document.body, 1, 1));
    await fillDetails(user);
    await fillCard(user);
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    expect(viewport.watched()).toEqual([]);
    expect(beacons.sendBeacon).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends only its view from a thank-you page', async () => {
    const user = userEvent.setup();
    const beacons = recordBeacons();
    const viewport = stubViewport();
    stubPublishedForms([published('reef-thanks', 'thank-you', THANK_YOU_EXAMPLES.standard)]);
    render(<ThankYou form="reef-thanks" endpoint={ENDPOINT} />);
    await screen.findByRole('heading', {name: 'Thank you!'});
    await vi.waitFor(() => expect(viewport.watched()).toHaveLength(1));
    act(() => viewport.show(document.body, 1, 1));
    await user.tab();
    await user.keyboard(' ');
    expect(checked(await beacons.read()).map((event) => event.kind)).toEqual(['view']);
  });
});
