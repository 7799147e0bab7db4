// @vitest-environment jsdom
/** The components given a published form's id and the endpoint instead of a config, as a React page gives them. */
import {cleanup, render, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {DonateForm} from '../../donate-form';
import * as DONATE_FORM_EXAMPLES from '../../donate-form/examples';
import {Powerform} from '../../powerform';
import * as POWERFORM_EXAMPLES from '../../powerform/examples';
import {ENDPOINT, published, stubPublishedForms} from '../testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const reef = published('save-the-reef', 'donate-form', DONATE_FORM_EXAMPLES.sandbox);
const petition = published('reef-petition', 'powerform', POWERFORM_EXAMPLES.sandbox);

describe('a component given a published form', () => {
  it('keeps its room while the form loads, then shows the published config; a config given too wins', async () => {
    const stand = stubPublishedForms([reef]);
    const {container} = render(<DonateForm form="save-the-reef" endpoint={`${ENDPOINT}/`} />);
    const room = container.querySelector<HTMLElement>('div[style*="min-height"]');
    expect(room?.style.minHeight).toBe('var(--coral-loading-height,500px)');
    expect(await screen.findByRole('button', {name: 'Give $60'})).toBeInTheDocument();
    expect(container.firstElementChild).not.toBe(room);
    expect(stand.asked).toEqual(['/forms/save-the-reef']);
    cleanup();
    const daily = {...DONATE_FORM_EXAMPLES.dailyOneWeek, gateway: {type: 'sandbox', delayMs: 5}};
    render(<DonateForm config={daily} form="save-the-reef" endpoint={ENDPOINT} />);
    expect(screen.getByRole('button', {name: 'Give $5 a day'})).toBeInTheDocument();
    expect(stand.asked).toHaveLength(1);
  });

  it('says a form the endpoint does not have is not there, and a form of another component is one', async () => {
    stubPublishedForms([reef, petition]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<DonateForm form="save-the-whales" endpoint={ENDPOINT} fallbackUrl="https://www.example.org/donate" />);
    const missing = await screen.findByRole('alert');
    // The supporter is told the form is not there; the page's developer, in the console, which form and where.
    expect(missing).toHaveTextContent('This donate form is not available.');
    expect(missing).not.toHaveTextContent(ENDPOINT);
    expect(missing).not.toHaveTextContent('save-the-whales');
    expect(logged).toHaveBeenCalledWith(`Coral: form "save-the-whales" is not on ${ENDPOINT}.`);
    expect(screen.getByRole('link', {name: 'Continue on our website'})).toHaveAttribute('href', 'https://www.example.org/donate');
    cleanup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<DonateForm form="reef-petition" endpoint={ENDPOINT} />);
    const other = await screen.findByRole('alert');
    await waitFor(() => expect(other).toHaveTextContent('form "reef-petition" is a powerform'));
    expect(screen.queryByRole('button', {name: 'Try again'})).toBeNull();
  });

  it('names the endpoint when it is missing or no address, and checks the published config as any other', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stand = stubPublishedForms([published('odd-one', 'powerform', {campaign: 'save-the-reef', colour: 'green'})]);
    render(<Powerform form="save-the-reef" endpoint="javascript:alert(1)" />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/endpoint.*expected an https:\/\/ address/));
    cleanup();
    render(<Powerform form="odd-one" endpoint={ENDPOINT} />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/colour.*not an option here/));
    expect(stand.asked).toEqual(['/forms/odd-one']);
    // The box logs its problems after it is drawn, as an effect: Preact runs effects after the next frame, not at once.
    await waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringContaining('colour: got "green"')));
  });

  it('offers "Try again" when the endpoint cannot be reached, and reads the form again on a press', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const stand = stubPublishedForms([reef]);
    stand.offline = true;
    render(<DonateForm form="save-the-reef" endpoint={ENDPOINT} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The donate form could not load. Check your connection and try again.');
    stand.offline = false;
    await user.click(screen.getByRole('button', {name: 'Try again'}));
    expect(await screen.findByRole('button', {name: 'Give $60'})).toBeInTheDocument();
    expect(stand.asked).toEqual(['/forms/save-the-reef', '/forms/save-the-reef']);
  });

  it('takes an answer that is not a form, or a server error, as a failed load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({form: 'save-the-reef', version: 'latest'})),
    );
    render(<DonateForm form="save-the-reef" endpoint={ENDPOINT} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not load');
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Bad gateway', {status: 502})),
    );
    render(<DonateForm form="save-the-reef" endpoint={ENDPOINT} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not load');
    expect(screen.getByRole('button', {name: 'Try again'})).toBeInTheDocument();
  });
});
