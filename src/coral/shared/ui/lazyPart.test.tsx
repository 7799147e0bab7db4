// @vitest-environment jsdom
import {act, cleanup, render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {ReactNode} from 'react';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {lazyPart, type WaitingProps} from './lazyPart';

afterEach(cleanup);

function Greeting({name}: {name: string}): ReactNode {
  return <p>Hello, {name}</p>;
}

function Waiting({name, failed, retry}: {name: string} & WaitingProps): ReactNode {
  return failed ? (
    <button type="button" onClick={retry}>
      Load {name}’s part again
    </button>
  ) : (
    <p>Loading {name}’s part</p>
  );
}

describe('lazyPart', () => {
  it('stands in for the part until its code arrives, then draws it with the same props', async () => {
    let arrive: (part: typeof Greeting) => void = () => {};
    const load = vi.fn(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const Part = lazyPart(load, Waiting);
    expect(load).not.toHaveBeenCalled();
    render(<Part name="Mere" />);
    expect(screen.getByText('Loading Mere’s part')).toBeInTheDocument();
    await act(async () => arrive(Greeting));
    expect(screen.getByText('Hello, Mere')).toBeInTheDocument();
    cleanup();
    render(<Part name="Ari" />);
    // Loaded once for the page: a later form draws it at once.
    expect(screen.getByText('Hello, Ari')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says when the code cannot load, and loads it again when asked', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting)).mockRejectedValueOnce(new Error('offline'));
    const Part = lazyPart(load, Waiting);
    render(<Part name="Mere" />);
    await userEvent.click(await screen.findByRole('button', {name: 'Load Mere’s part again'}));
    expect(await screen.findByText('Hello, Mere')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fetches the code before it is drawn when preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Part = lazyPart(load, Waiting);
    Part.preload();
    await act(async () => {});
    render(<Part name="Mere" />);
    expect(screen.getByText('Hello, Mere')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
