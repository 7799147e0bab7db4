// @vitest-environment jsdom
import {cleanup, render, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {describe, expect, it, vi} from 'vitest';
import {expectNoAxeViolations} from '../shared/testing';
import {base, collect, fillRequired, leads, withFreshPage} from './Powerform.testing';
import {Powerform} from '.';

withFreshPage();

describe('Powerform live counter', () => {
  const COUNT_URL = 'https://coral.example.org/campaigns/save-the-reef/count';
  const live = {...base, counter: {...base.counter, url: COUNT_URL}};
  const counter = (count: string) => screen.getByRole('progressbar', {name: `${count} of 20,000 signatures`});
  /** Lets an answer already given reach the page, so a test can see that nothing changed. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  /** A stubbed fetch whose answer the test gives when it chooses, as a Response of `body` as JSON. */
  function stubFetch() {
    let answer: (response: Response) => void = () => {};
    let fail: (error: Error) => void = () => {};
    const fetch = vi.fn(
      (_url: string, _init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          answer = resolve;
          fail = reject;
        }),
    );
    vi.stubGlobal('fetch', fetch);
    return {
      fetch,
      answer: (body: unknown, status = 200) => answer(new Response(JSON.stringify(body), {status})),
      fail: (error: Error) => fail(error),
    };
  }

  it('shows the configured count until the live count arrives, then the live count, without announcing it', async () => {
    const endpoint = stubFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const {container} = render(<Powerform config={live} />);
    expect(counter('12,430')).toHaveAttribute('aria-valuenow', '12430');
    await waitFor(() => expect(endpoint.fetch).toHaveBeenCalledTimes(1));
    expect(endpoint.fetch).toHaveBeenCalledWith(
      COUNT_URL,
      expect.objectContaining({credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'default'}),
    );
    endpoint.answer({campaign: 'save-the-reef', count: 12902});
    expect(await screen.findByRole('progressbar', {name: '12,902 of 20,000 signatures'})).toHaveAttribute('aria-valuenow', '12902');
    expect(screen.getByText('12,902 of 20,000 signatures').closest('[aria-live]')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('keeps the configured count, with a console warning naming the address, when the endpoint fails', async () => {
    const endpoint = stubFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Powerform config={live} />);
    await waitFor(() => expect(endpoint.fetch).toHaveBeenCalledTimes(1));
    endpoint.answer({error: 'down'}, 503);
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining(`${COUNT_URL}: it answered 503`)));
    await settle();
    expect(counter('12,430')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the configured count when the endpoint cannot be reached', async () => {
    const endpoint = stubFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Powerform config={live} />);
    await waitFor(() => expect(endpoint.fetch).toHaveBeenCalledTimes(1));
    endpoint.fail(new TypeError('Failed to fetch'));
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be reached')));
    await settle();
    expect(counter('12,430')).toBeInTheDocument();
  });

  it('ignores an answer for another campaign', async () => {
    const endpoint = stubFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Powerform config={live} />);
    await waitFor(() => expect(endpoint.fetch).toHaveBeenCalledTimes(1));
    endpoint.answer({campaign: 'ban-deep-sea-mining', count: 99999});
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('"ban-deep-sea-mining", not "save-the-reef"')));
    await settle();
    expect(counter('12,430')).toBeInTheDocument();
    expect(screen.queryByText(/99,999/)).not.toBeInTheDocument();
  });

  it('counts the signature at once, before the live count arrives, and keeps it when a smaller live count follows', async () => {
    const endpoint = stubFetch();
    const user = userEvent.setup();
    const events = collect('coral:success');
    render(<Powerform config={live} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    expect(counter('12,431')).toBeInTheDocument();
    await waitFor(() => expect(events.seen[0]?.detail).toMatchObject({count: 12431}));
    endpoint.answer({campaign: 'save-the-reef', count: 12430});
    await settle();
    expect(counter('12,431')).toBeInTheDocument();
    events.stop();
  });

  it('counts the signature on top of the live count, and takes a later live count that already has it', async () => {
    const endpoint = stubFetch();
    const user = userEvent.setup();
    render(<Powerform config={live} />);
    endpoint.answer({campaign: 'save-the-reef', count: 12902});
    await screen.findByRole('progressbar', {name: '12,902 of 20,000 signatures'});
    await fillRequired(user);
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    expect(counter('12,903')).toBeInTheDocument();
  });

  it('asks nothing without a url, with the counter off, on the leads form, and stops asking when the form goes', async () => {
    const endpoint = stubFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const config of [
      base,
      {...live, counter: {...live.counter, enabled: false}},
      {...leads, counter: {...leads.counter, url: COUNT_URL}},
    ]) {
      render(<Powerform config={config} />);
      cleanup();
    }
    await settle();
    expect(endpoint.fetch).not.toHaveBeenCalled();
    const {unmount} = render(<Powerform config={live} />);
    await waitFor(() => expect(endpoint.fetch).toHaveBeenCalledTimes(1));
    unmount();
    expect(endpoint.fetch.mock.calls[0]![1]?.signal?.aborted).toBe(true);
    endpoint.answer({campaign: 'save-the-reef', count: 12902});
    await settle();
    expect(warn).not.toHaveBeenCalled();
  });
});
