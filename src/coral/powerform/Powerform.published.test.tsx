// @vitest-environment jsdom
/** A powerform drawn from a published form names it, with its version, in the signature it posts; one with its config inline names none. */
import type {ReactElement} from 'react';
import {render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {describe, expect, it} from 'vitest';
import {ENDPOINT, published, stubPublishedForms} from '../shared/testing';
import {fillRequired, withFreshPage, base} from './Powerform.testing';
import {Powerform} from '.';

withFreshPage();

/** The petition, signed through the endpoint's own /signatures route, which these tests stand in for. */
const petition = {...base, gateway: {type: 'http', endpoint: ENDPOINT}} as const;

function endpointTakingSignatures() {
  const bodies: Record<string, unknown>[] = [];
  stubPublishedForms([published('reef-petition', 'powerform', petition, 7)], async (request) => {
    if (request.method !== 'POST' || request.url !== `${ENDPOINT}/signatures`) throw new TypeError(`nothing answers ${request.url}`);
    bodies.push((await request.json()) as Record<string, unknown>);
    return Response.json({status: 'accepted', reference: 'SIG-0001'});
  });
  return bodies;
}

async function sign(form: ReactElement) {
  const user = userEvent.setup();
  const {unmount} = render(form);
  await screen.findByRole('button', {name: 'Sign now'});
  await fillRequired(user);
  await user.click(screen.getByRole('button', {name: 'Sign now'}));
  await screen.findByRole('heading', {name: 'Thank you, Mere!'});
  unmount();
}

describe('a published powerform’s signature', () => {
  it('names the form and the version it was drawn from; with the config on the page, no form', async () => {
    const bodies = endpointTakingSignatures();
    await sign(<Powerform form="reef-petition" endpoint={ENDPOINT} />);
    await sign(<Powerform config={petition} />);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({campaign: 'save-the-reef', form: {id: 'reef-petition', version: 7}});
    expect(bodies[1]).toMatchObject({campaign: 'save-the-reef'});
    expect(bodies[1]).not.toHaveProperty('form');
  });
});
