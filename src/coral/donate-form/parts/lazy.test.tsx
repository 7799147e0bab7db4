// @vitest-environment jsdom
/** The donate form when the code of its later parts (./later.ts) cannot load: it says so, and never hides a gift made. */
import {cleanup, render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, expect, it, vi} from 'vitest';
import type {Gateway} from '../../shared/gateways';
import {DonateForm} from '..';
import {base, fillDetails} from '../DonateForm.testing';

vi.mock('./later', () => {
  throw new Error('the connection dropped');
});

afterEach(cleanup);

const STRIPE = {type: 'stripe', publishableKey: 'pk_test_coralunit', endpoint: 'https://pay.example.org'} as const;

it('says the payment fields could not load, offers to try again, and holds the gift back with that message', async () => {
  const user = userEvent.setup();
  const charge = vi.fn<Gateway['charge']>();
  const gateway: Gateway = {charge, fields: {mount: () => ({update: () => {}, focus: () => {}, unmount: () => {}})}};
  render(<DonateForm config={{campaign: 'save-the-reef', gateway: STRIPE}} gateway={gateway} />);
  expect(await screen.findByRole('button', {name: 'Load the payment fields again'})).toBeInTheDocument();
  await fillDetails(user);
  await user.click(screen.getByRole('button', {name: /^Give \$/}));
  expect(await screen.findAllByText('The secure payment fields could not load. Check your connection and try again.')).not.toHaveLength(0);
  expect(charge).not.toHaveBeenCalled();
});

it('still thanks the supporter with the gift’s reference when the receipt’s code cannot load', async () => {
  const user = userEvent.setup();
  // A gateway that asks for no card here: the sandbox's test fields, like a processor's, come with the later parts.
  const gateway: Gateway = {charge: () => Promise.resolve({status: 'approved', reference: 'CRL-0A1B2C3D'})};
  render(<DonateForm config={{...base, gateway: {type: 'http', endpoint: 'https://give.example.org'}}} gateway={gateway} />);
  await fillDetails(user);
  await user.click(screen.getByRole('button', {name: 'Give $60'}));
  expect(await screen.findByText(/^Thank you! Reference: CRL-[0-9A-F]{8}$/)).toHaveAttribute('role', 'status');
});
