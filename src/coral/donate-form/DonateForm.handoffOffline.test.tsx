// @vitest-environment jsdom
/** The daisychain hand-off's code comes on first use; when it cannot be fetched, page 2 asks as it would with nothing handed over. */
import {render, screen} from '@testing-library/react';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {signer} from '../shared/testing';
import {base, cleanPageEachTest} from './DonateForm.testing';
import {DonateForm} from '.';

vi.mock('../daisychain', () => {
  throw new Error('the hand-off’s code did not arrive');
});

cleanPageEachTest();
afterEach(() => sessionStorage.clear());

describe('without the hand-off’s code', () => {
  it('daisychain page 2 waits for it, then shows the ordinary ask and says the hand-off was unavailable', async () => {
    sessionStorage.setItem('coral.handoff.supporter', JSON.stringify({version: 1, expiresAt: Date.now() + 60_000, data: signer}));
    const statuses: string[] = [];
    const listener = (event: Event) => statuses.push((event as CustomEvent<{status: string}>).detail.status);
    document.addEventListener('coral:handoff', listener);
    const {container} = render(<DonateForm config={{...base, handoff: true}} />);
    // Until the hand-off is read the form keeps its room and asks nothing.
    expect(container.querySelector('[part="form"]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', {name: 'Make a donation'})).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(statuses).toEqual(['unavailable']);
    document.removeEventListener('coral:handoff', listener);
  });
});
