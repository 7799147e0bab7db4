// @vitest-environment jsdom
/** A donate form drawn from a published form names it, with its version, in the gift it sends; one with its config inline names none. */
import {cloneElement, type ReactElement} from 'react';
import {render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {loadSandbox, type Gateway, type GiftIntent} from '../shared/gateways';
import {VISITOR_KEY} from '../shared/published';
import {ENDPOINT, published, stubPublishedForms, visitorShown} from '../shared/testing';
import {base, cleanPageEachTest, fillCard, fillDetails} from './DonateForm.testing';
import {DonateForm} from '.';

const {createSandboxGateway} = await loadSandbox();

cleanPageEachTest();
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function give(form: ReactElement<{gateway?: Gateway}>): Promise<GiftIntent> {
  const user = userEvent.setup();
  const gateway = createSandboxGateway({delayMs: 0});
  const charge = vi.spyOn(gateway, 'charge');
  const {unmount} = render(cloneElement(form, {gateway}));
  await screen.findByRole('button', {name: 'Give $60'});
  await fillDetails(user);
  await fillCard(user);
  await user.click(screen.getByRole('button', {name: 'Give $60'}));
  await screen.findByRole('heading', {name: 'Thank you, Mere!'});
  unmount();
  expect(charge).toHaveBeenCalledTimes(1);
  return charge.mock.calls[0]![0];
}

describe('a published donate form’s gift', () => {
  it('names the form and the version it was drawn from; with the config on the page, no form', async () => {
    stubPublishedForms([published('save-the-reef', 'donate-form', base, 4)]);
    const byId = await give(<DonateForm form="save-the-reef" endpoint={ENDPOINT} />);
    expect(byId).toMatchObject({campaign: 'save-the-reef', form: {id: 'save-the-reef', version: 4}});
    const inline = await give(<DonateForm config={base} />);
    expect(inline.campaign).toBe('save-the-reef');
    // As the gateway sends it: a form left undefined is no key of the request's JSON.
    expect(JSON.parse(JSON.stringify(inline))).not.toHaveProperty('form');
  });

  it('names the variant of the experiment the visitor was shown, and gives that variant’s amount', async () => {
    const asks = {
      id: 'higher-asks',
      variants: [
        {id: 'control', weight: 1, changes: {}},
        {
          id: 'higher',
          weight: 1,
          changes: {amounts: {'one-off': {handles: [{amount: 50}, {amount: 80}, {amount: 150}], defaultAmount: 80}}},
        },
      ],
    };
    stubPublishedForms([published('save-the-reef', 'donate-form', {...base, experiment: asks}, 6)]);
    sessionStorage.setItem(VISITOR_KEY, visitorShown(asks, 'higher'));
    const user = userEvent.setup();
    const gateway = createSandboxGateway({delayMs: 0});
    const charge = vi.spyOn(gateway, 'charge');
    render(<DonateForm form="save-the-reef" endpoint={ENDPOINT} gateway={gateway} />);
    const give = await screen.findByRole('button', {name: 'Give $80'});
    await fillDetails(user);
    await fillCard(user);
    await user.click(give);
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    expect(charge.mock.calls[0]![0]).toMatchObject({form: {id: 'save-the-reef', version: 6, variant: 'higher'}, amount: 8000});
  });
});
