/** What the powerform's component tests share: the examples they start from, a signer's details, the page's events, and a clean page for each test. */
import {cleanup, screen} from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, vi} from 'vitest';
import * as POWERFORM_EXAMPLES from './examples';

export const {sandbox: base, sandboxLeads: leads} = POWERFORM_EXAMPLES;

export type User = ReturnType<typeof userEvent.setup>;

/** Types what the sandbox example requires: a first name, an email and a postcode. */
export async function fillRequired(user: User, email = 'mere@example.org') {
  await user.type(screen.getByLabelText('First name'), 'Mere');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Postcode'), '2000');
}

/** Records the named DOM events the document hears, until `stop`. */
export const collect = (...names: string[]) => {
  const seen: {type: string; detail: unknown}[] = [];
  const listener = (event: Event) => seen.push({type: event.type, detail: (event as CustomEvent).detail});
  for (const name of names) document.addEventListener(name, listener);
  return {seen, stop: () => names.forEach((name) => document.removeEventListener(name, listener))};
};

/** Gives each test of the calling file an empty dataLayer, session storage and address, and takes its form away after. */
export function withFreshPage() {
  beforeEach(() => {
    // jsdom has no layout: the error summary's links scroll their field into view.
    Element.prototype.scrollIntoView = vi.fn();
    window.dataLayer = [];
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '/');
    vi.unstubAllGlobals();
  });
}
