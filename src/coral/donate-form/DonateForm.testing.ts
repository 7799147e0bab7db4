/** What the donate form's component tests share: the sandbox example, filling the details and a test card, a clean page for each. */
import {cleanup, screen} from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import {afterEach, beforeEach} from 'vitest';
import * as DONATE_FORM_EXAMPLES from './examples';

export const base = DONATE_FORM_EXAMPLES.sandbox;

export async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Mere');
  await user.type(screen.getByLabelText('Last name'), 'Tane');
  await user.type(screen.getByLabelText('Email'), 'mere@example.org');
  await user.type(screen.getByLabelText('Postcode'), '2000');
}

/** Types a test card into the sandbox's fields, once they are there: they load on demand. */
export async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242 4242 4242 4242') {
  await user.clear(await screen.findByLabelText('Card number'));
  await user.type(screen.getByLabelText('Card number'), number);
  await user.clear(screen.getByLabelText('Expiry (MM/YY)'));
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.clear(screen.getByLabelText('Security code (CVC)'));
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
}

/** A fresh dataLayer before each test, and no form, history entry or address left behind after it. */
export function cleanPageEachTest(): void {
  beforeEach(() => {
    window.dataLayer = [];
  });
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '/');
  });
}
