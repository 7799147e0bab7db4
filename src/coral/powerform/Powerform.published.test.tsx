// @vitest-environment jsdom
/** A powerform drawn from a published form names it, with its version, in the signature it posts; one with its config inline names none. */
import type {ReactElement} from 'react';
import {render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {describe, expect, it} from 'vitest';
import {VISITOR_KEY} from '../shared/published';
import {ENDPOINT, published, stubPublishedForms, visitorShown} from '../shared/testing';
import {fillRequired, withFreshPage, base} from './Powerform.testing';
import {Powerform} from '.';

withFreshPage();

/** The petition, signed through the endpoint's own /signatures route, which these tests stand in for. */
const petition = {...base, gateway: {type: 'http', endpoint: ENDPOINT}} as const;

function endpointTakingSignatures(config: Record<string, unknown> = petition) {
  const bodies: Record<string, unknown>[] = [];
  stubPublishedForms([published('reef-petition', 'powerform', config, 7)], async (request) => {
    // The form's events, which jsdom, with no beacon, sends by fetch: ./shared/published/visits.test.tsx reads them.
    if (request.url === `${ENDPOINT}/events`) return new Response(null, {status: 202});
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

  it('names the variant of the experiment the signer was shown', async () => {
    const heading = 'Stand with the reef';
    const words = {
      id: 'reef-words',
      variants: [
        {id: 'control', weight: 3, changes: {}},
        {id: 'stand-with', weight: 1, changes: {messages: {heading}}},
      ],
    };
    const bodies = endpointTakingSignatures({...petition, experiment: words});
    sessionStorage.setItem(VISITOR_KEY, visitorShown(words, 'stand-with'));
    const {unmount} = render(<Powerform form="reef-petition" endpoint={ENDPOINT} />);
    expect(await screen.findByRole('heading', {name: heading})).toBeInTheDocument();
    unmount();
    await sign(<Powerform form="reef-petition" endpoint={ENDPOINT} />);
    expect(bodies).toEqual([expect.objectContaining({form: {id: 'reef-petition', version: 7, variant: 'stand-with'}})]);
  });

  it('carries the page’s utm values its events carry, with `urlParams` off, and only those a machine wrote', async () => {
    const events: Record<string, unknown>[] = [];
    const signatures: Record<string, unknown>[] = [];
    stubPublishedForms([published('reef-petition', 'powerform', {...petition, urlParams: false}, 7)], async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      (request.url === `${ENDPOINT}/events` ? events : signatures).push(body);
      return request.url === `${ENDPOINT}/events`
        ? new Response(null, {status: 202})
        : Response.json({status: 'accepted', reference: 'SIG-0001'});
    });
    window.history.replaceState(null, '', '/petition?utm_source=newsletter&utm_medium=email&utm_content=mere%40example.org&firstName=Tane');
    try {
      await sign(<Powerform form="reef-petition" endpoint={ENDPOINT} />);
    } finally {
      window.history.replaceState(null, '', '/');
    }
    const utm = {utm_source: 'newsletter', utm_medium: 'email'};
    expect(signatures).toEqual([expect.objectContaining({form: {id: 'reef-petition', version: 7}, utm})]);
    // The name in the address is not taken, as urlParams is off: the signer's own is.
    expect(signatures[0]).toMatchObject({supporter: expect.objectContaining({firstName: 'Mere'})});
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event.utm).toEqual(utm);
  });
});
