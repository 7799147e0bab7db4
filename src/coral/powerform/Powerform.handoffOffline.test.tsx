// @vitest-environment jsdom
/** The daisychain hand-off's code comes once a signature is in; when it cannot be fetched, the signer still goes on to page 2. */
import {render, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {base, fillRequired, withFreshPage} from './Powerform.testing';
import {Powerform} from '.';

vi.mock('../daisychain', () => {
  throw new Error('the hand-off’s code did not arrive');
});

withFreshPage();
afterEach(() => sessionStorage.clear());

describe('without the hand-off’s code', () => {
  it('a daisychain petition still leaves for page 2 once a signature is in', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    render(<Powerform config={{...base, success: {type: 'daisychain', url: '/demos/daisychain-page-2'}}} navigate={navigate} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', {name: 'Sign now'}));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/demos/daisychain-page-2'));
    expect(sessionStorage.getItem('coral.handoff.supporter')).toBeNull();
  });
});
