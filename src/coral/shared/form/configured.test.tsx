// @vitest-environment jsdom
/** A wrong config's error box comes on demand; when its code cannot be fetched, the box still says the config is wrong. */
import {cleanup, render, screen} from '@testing-library/react';
import {afterEach, describe, expect, it, vi} from 'vitest';
import * as zod from 'zod/mini';
import {checkConfig} from '../config';
import {configured} from './configured';

vi.mock('../configErrorBox', () => {
  throw new Error('the error box’s code did not arrive');
});

afterEach(cleanup);

const Widget = configured<{config: unknown}, {name: string}>(
  'widget',
  (input) => checkConfig(zod.strictObject({name: zod.string()}), input),
  ({config}) => <p>Hello, {config.name}</p>,
);

describe('configured', () => {
  it('shows the view for a right config without fetching anything', () => {
    render(<Widget config={{name: 'Mere'}} />);
    expect(screen.getByText('Hello, Mere')).toBeInTheDocument();
  });

  it('still says a wrong config is wrong when the explanation cannot be fetched, and shows no view', async () => {
    render(<Widget config={{nom: 'Mere'}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This widget cannot be shown: its config is wrong, and what is wrong could not be loaded.',
    );
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
  });
});
