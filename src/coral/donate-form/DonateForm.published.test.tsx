// @vitest-environment jsdom
/** A donate form drawn from a published form names it, with its version, in the gift it sends; one with its config inline names none. */
import {render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {loadSandbox} from '../shared/gateways';
import {ENDPOINT, published, stubPublishedForms} from '../shared/testing';
import {base, cleanPageEachTest, fillCard, fillDetails} from './DonateForm.testing';
import {DonateForm} from '.';

const {createSandboxGateway} = await loadSandbox();

cleanPageEachTest();
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a published donate form’s gift', () => {
  it.each([
    ['names the form and the version it was drawn from', true],
    ['names no form when the config is on the page', false],
  ])('%s', async (_, byId) => {
    const user = userEvent.setup();
    stubPublishedForms([published('save-the-reef', 'donate-form', base, 4)]);
    const gateway = createSandboxGateway({delayMs: 0});
    const charge = vi.spyOn(gateway, 'charge');
    render(byId ? <DonateForm form="save-the-reef" endpoint={ENDPOINT} gateway={gateway} /> : <DonateForm config={base} gateway={gateway} />);
    await screen.findByRole('button', {name: 'Give $60'});
    await fillDetails(user);
    await fillCard(user);
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    await screen.findByRole('heading', {name: 'Thank you, Mere!'});
    expect(charge).toHaveBeenCalledTimes(1);
    const [gift] = charge.mock.calls[0]!;
    expect(gift.campaign).toBe('save-the-reef');
    if (byId) expect(gift.form).toEqual({id: 'save-the-reef', version: 4});
    else expect(gift).not.toHaveProperty('form');
  });
});
