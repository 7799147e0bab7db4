// @vitest-environment jsdom
/**
 * The sandbox's card and bank checks load on demand: a sandbox form fetches
 * them as it first renders and checks the test card with them as before, a
 * give pressed before they arrive waits for them, and a form with any other
 * gateway never fetches them.
 */
import {cleanup, render, screen, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {Gateway} from '../shared/gateways';
import {base, fillCard, fillDetails} from './DonateForm.testing';

const payment = {loads: 0, arrive: Promise.resolve()};

/**
 * The donate form from a fresh module registry, in which the payment checks'
 * module counts each time it is loaded and arrives only once `arrive` settles:
 * a registry loads a module once, so each test starts with one where it has not been.
 */
async function freshDonateForm(arrive = Promise.resolve()) {
  vi.resetModules();
  payment.loads = 0;
  payment.arrive = arrive;
  vi.doMock('../shared/fields/payment', async (importOriginal) => {
    payment.loads += 1;
    await payment.arrive;
    return importOriginal();
  });
  const {DonateForm} = await import('.');
  return DonateForm;
}

/** A gateway that approves every gift, recording what it was asked to charge. */
function approving() {
  const charge = vi.fn<Gateway['charge']>(() => Promise.resolve({status: 'approved', reference: 'CRL-0A1B2C3D'}));
  return {charge, gateway: {charge} satisfies Gateway};
}

/** Lets every pending import and effect settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const SUMMARY = {name: /^There (is a problem|are \d+ problems)$/};

beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  vi.doUnmock('../shared/fields/payment');
  window.history.replaceState(null, '', '/');
});

describe('the sandbox’s card and bank checks', () => {
  it('load as a sandbox form first renders, and check and send the test card as before', async () => {
    const DonateForm = await freshDonateForm();
    const user = userEvent.setup();
    const {charge, gateway} = approving();
    render(<DonateForm config={base} gateway={gateway} />);
    await fillDetails(user);
    await fillCard(user, '4242 4242 4242 4241');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4241');
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    expect(
      within(await screen.findByRole('group', SUMMARY)).getByText('Enter the card number exactly as it is on your card.'),
    ).toBeVisible();
    expect(charge).not.toHaveBeenCalled();
    await fillCard(user);
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    expect(await screen.findByText(/^Thank you/)).toBeInTheDocument();
    expect(charge).toHaveBeenCalledTimes(1);
    expect(charge.mock.calls[0]![1].testPayment).toEqual({
      method: 'card',
      number: '4242424242424242',
      expiry: {month: 12, year: 2034},
      cvc: '123',
    });
    expect(payment.loads).toBe(1);
  });

  it('are waited for by a give pressed before they arrive, which then checks with them and sends nothing unchecked', async () => {
    let release = () => {};
    const DonateForm = await freshDonateForm(new Promise<void>((resolve) => (release = resolve)));
    const user = userEvent.setup();
    const {charge, gateway} = approving();
    render(<DonateForm config={base} gateway={gateway} />);
    await fillDetails(user);
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByText('The secure payment fields are still loading.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    await settle();
    // The give waits: nothing is sent, and nothing is judged without the card checks.
    expect(screen.queryByRole('group', SUMMARY)).not.toBeInTheDocument();
    expect(charge).not.toHaveBeenCalled();
    release();
    const summary = await screen.findByRole('group', SUMMARY);
    // Judged by the card checks themselves, not held back as still loading.
    expect(within(summary).getByText('Enter your card number.')).toBeVisible();
    expect(within(summary).queryByText('The secure payment fields are still loading.')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(charge).not.toHaveBeenCalled();
    expect(payment.loads).toBe(1);
  });

  it('are never loaded by a form whose gateway has its own fields or a hosted page', async () => {
    const DonateForm = await freshDonateForm();
    const user = userEvent.setup();
    const stripe: Gateway = {
      charge: vi.fn<Gateway['charge']>(),
      fields: {
        mount: (_room, _setup, report) => {
          report({status: 'ready', method: 'card', complete: false});
          return {update: () => {}, focus: () => {}, unmount: () => {}};
        },
      },
    };
    render(
      <DonateForm
        config={{...base, gateway: {type: 'stripe', publishableKey: 'pk_test_coralunit', endpoint: 'https://pay.example.org'}}}
        gateway={stripe}
      />,
    );
    await fillDetails(user);
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    expect(await screen.findByRole('group', SUMMARY)).toBeInTheDocument();
    cleanup();
    const {gateway} = approving();
    render(<DonateForm config={{...base, gateway: {type: 'http', endpoint: 'https://give.example.org'}}} gateway={gateway} />);
    await fillDetails(user);
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    expect(await screen.findByText(/^Thank you/)).toBeInTheDocument();
    await settle();
    expect(payment.loads).toBe(0);
  });
});
