import {afterEach, describe, expect, it, vi} from 'vitest';
import {fetchLiveCount, readLiveCount} from './liveCount';

const URL = 'https://coral.example.org/campaigns/save-the-reef/count';

/** A fetch that answers with `body` as JSON, and records what it was asked. */
const answering = (body: unknown, init: ResponseInit = {status: 200}) =>
  vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(JSON.stringify(body), init)));

/** A fetch that never answers, but stops when its signal aborts, as a browser's does. */
const hanging = () =>
  vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      ),
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readLiveCount', () => {
  it('takes the count of an answer for this campaign', () => {
    expect(readLiveCount({campaign: 'save-the-reef', count: 48920}, 'save-the-reef')).toEqual({ok: true, value: 48920});
    expect(readLiveCount({campaign: 'save-the-reef', count: 0, updatedAt: 'now'}, 'save-the-reef')).toEqual({ok: true, value: 0});
  });

  it('refuses an answer for another campaign', () => {
    expect(readLiveCount({campaign: 'ban-deep-sea-mining', count: 10}, 'save-the-reef')).toEqual({
      ok: false,
      reason: 'answered for campaign "ban-deep-sea-mining", not "save-the-reef"',
    });
  });

  it.each([
    ['a negative count', {campaign: 'save-the-reef', count: -1}],
    ['a fraction', {campaign: 'save-the-reef', count: 1.5}],
    ['a count past the safe integers', {campaign: 'save-the-reef', count: 2 ** 53}],
    ['a count as text', {campaign: 'save-the-reef', count: '48920'}],
    ['no campaign', {count: 48920}],
    ['no count', {campaign: 'save-the-reef'}],
    ['an array', [48920]],
    ['null', null],
  ])('refuses %s', (_, body) => {
    expect(readLiveCount(body, 'save-the-reef')).toMatchObject({ok: false});
  });
});

describe('fetchLiveCount', () => {
  it('asks without cookies or a referrer, lets the cache answer, and reads the count', async () => {
    const fetch = answering({campaign: 'save-the-reef', count: 48920});
    vi.stubGlobal('fetch', fetch);
    expect(await fetchLiveCount(URL, 'save-the-reef')).toEqual({ok: true, value: 48920});
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe(URL);
    expect(fetch.mock.calls[0]![1]).toMatchObject({credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'default'});
    expect(fetch.mock.calls[0]![1]?.method).toBeUndefined();
  });

  it('says what went wrong with an error status, an answer that is not JSON, or an answer for another campaign', async () => {
    vi.stubGlobal('fetch', answering({campaign: 'save-the-reef', count: 1}, {status: 503}));
    expect(await fetchLiveCount(URL, 'save-the-reef')).toEqual({ok: false, reason: 'answered 503'});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>', {status: 200}))),
    );
    expect(await fetchLiveCount(URL, 'save-the-reef')).toEqual({ok: false, reason: 'answered with something other than JSON'});
    vi.stubGlobal('fetch', answering({campaign: 'other-campaign', count: 1}));
    expect(await fetchLiveCount(URL, 'save-the-reef')).toMatchObject({ok: false, reason: expect.stringContaining('"other-campaign"')});
  });

  it('says when the endpoint cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await fetchLiveCount(URL, 'save-the-reef')).toMatchObject({ok: false, reason: expect.stringContaining('could not be reached')});
  });

  it('gives up when no answer comes in time', async () => {
    vi.useFakeTimers();
    try {
      const fetch = hanging();
      vi.stubGlobal('fetch', fetch);
      const answer = fetchLiveCount(URL, 'save-the-reef');
      await vi.advanceTimersByTimeAsync(7_999);
      expect(fetch.mock.calls[0]![1]?.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await answer).toEqual({ok: false, reason: 'did not answer within 8 s'});
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops when its caller cancels it', async () => {
    const fetch = hanging();
    vi.stubGlobal('fetch', fetch);
    const cancel = new AbortController();
    const answer = fetchLiveCount(URL, 'save-the-reef', {signal: cancel.signal});
    cancel.abort();
    expect(await answer).toEqual({ok: false, reason: 'was cancelled'});
    expect(fetch.mock.calls[0]![1]?.signal?.aborted).toBe(true);
  });
});
