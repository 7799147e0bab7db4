// @vitest-environment jsdom
import {cleanup, render, screen, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {donateFormSchema} from '../../coral/donate-form/core';
import {DONATE_FORM_OPTIONS} from '../../coral/donate-form/docs';
import {optionTree} from '../../coral/shared/docs';
import {expectNoAxeViolations} from '../../coral/shared/testing';
import {Publish} from './Publish';

const tree = optionTree(donateFormSchema, DONATE_FORM_OPTIONS);
const SITE = {origin: 'https://greenpeace.github.io', basePath: '/gpap-coral/', release: null};
const ENDPOINT = 'https://coral.example.org';
const TOKEN = 'a-token-typed-in-the-test-only-0000000000';
const CONFIG = {
  campaign: 'save-the-reef',
  sourceCode: 'REEF-WEB',
  amounts: {'one-off': {handles: [{amount: 25}, {amount: 50}, {amount: 150}]}},
};
const PUBLISHED = {
  form: 'save-the-reef',
  version: 3,
  component: 'donate-form',
  campaign: 'save-the-reef',
  config: {...CONFIG, amounts: {'one-off': {handles: [{amount: 20}, {amount: 50}, {amount: 100}]}}},
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), {status, headers: {'content-type': 'application/json'}});
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

/** Opens the panel and fills it as a campaigner would; the form's id starts as the campaign's. */
async function fillIn(fields: {endpoint?: string; token?: string; id?: string; by?: string} = {}) {
  const user = userEvent.setup();
  const view = render(<Publish tag="coral-donate-form" tree={tree} config={CONFIG} site={SITE} />);
  await user.click(screen.getByText('Publish to your endpoint'));
  await user.type(screen.getByLabelText('Endpoint address'), fields.endpoint ?? `${ENDPOINT}/`);
  await user.type(screen.getByLabelText('Admin token'), fields.token ?? TOKEN);
  const id = screen.getByLabelText('Form id');
  expect(id).toHaveValue('save-the-reef');
  if (fields.id !== undefined) {
    await user.clear(id);
    await user.type(id, fields.id);
  }
  if (fields.by) await user.type(screen.getByLabelText('Your name (optional)'), fields.by);
  await user.click(screen.getByRole('button', {name: 'Show what will change'}));
  return {user, view};
}

describe('Publish', {timeout: 30_000}, () => {
  it('shows what will change from the published version, publishes, and gives the snippet by id', async () => {
    const log = vi.spyOn(console, 'log');
    fetchMock.mockResolvedValueOnce(json(200, PUBLISHED)).mockResolvedValueOnce(json(201, {form: 'save-the-reef', version: 4}));
    const {user, view} = await fillIn({by: 'Māori Ngā 王'});
    expect(fetchMock).toHaveBeenLastCalledWith(`${ENDPOINT}/forms/save-the-reef`, {cache: 'no-store'});
    expect(await screen.findByText('What changes from version 3:')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Read version 3 of “save-the-reef”.');
    expect(screen.getByRole('listitem')).toHaveTextContent('Amounts › One-off › Handles: 20, 50, 100 → 25, 50, 150');
    await expectNoAxeViolations(view.container);

    await user.click(screen.getByRole('button', {name: 'Publish version 4'}));
    const [url, init] = fetchMock.mock.lastCall!;
    expect(url).toBe(`${ENDPOINT}/forms/save-the-reef`);
    expect(init).toMatchObject({
      method: 'PUT',
      credentials: 'omit',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/json',
        'coral-published-by': "UTF-8''M%C4%81ori%20Ng%C4%81%20%E7%8E%8B",
      },
    });
    expect(JSON.parse(init!.body as string)).toEqual({...CONFIG, component: 'donate-form'});
    const status = screen.getByRole('status');
    expect(await within(status).findByText(/Published as version 4/)).toBeVisible();
    expect(within(status).getByText(/coral-donate-form form=/)).toHaveTextContent(
      `<coral-donate-form form="save-the-reef" endpoint="${ENDPOINT}"></coral-donate-form>`,
    );
    expect(within(status).getByText(/coral-donate-form form=/)).toHaveTextContent(
      '<script defer src="https://greenpeace.github.io/gpap-coral/coral/coral.js">',
    );
    expect(screen.getByText('No change from version 4.')).toBeVisible();
    expect(within(status).getByRole('button', {name: 'Copy snippet'})).toBeVisible();

    // The token went out in the PUT's header alone.
    expect(window.location.href).not.toContain(TOKEN);
    expect(JSON.stringify({...localStorage}) + JSON.stringify({...sessionStorage})).not.toContain(TOKEN);
    expect(JSON.stringify(log.mock.calls)).not.toContain(TOKEN);
    expect(screen.getByLabelText('Admin token')).toHaveAttribute('type', 'password');
  });

  it('says the experiment’s plan the endpoint gives with the version it made, and says nothing of one it does not', async () => {
    const plan = 'Decided on gifts per visitor. To find a lift of 20 % or more with 80 % power it needs 29,309 visitors on each variant.';
    fetchMock.mockResolvedValueOnce(json(200, PUBLISHED)).mockResolvedValueOnce(json(201, {form: 'save-the-reef', version: 4, plan}));
    const {user} = await fillIn();
    await user.click(await screen.findByRole('button', {name: 'Publish version 4'}));
    expect(await within(screen.getByRole('status')).findByText(`The experiment’s plan: ${plan}`)).toBeVisible();
    cleanup();
    fetchMock.mockResolvedValueOnce(json(200, PUBLISHED)).mockResolvedValueOnce(json(201, {form: 'save-the-reef', version: 4}));
    const again = await fillIn();
    await again.user.click(await screen.findByRole('button', {name: 'Publish version 4'}));
    expect(await within(screen.getByRole('status')).findByText(/Published as version 4/)).toBeVisible();
    expect(screen.queryByText(/The experiment’s plan/)).toBeNull();
  });

  it('says a form the endpoint has not got is new, and lists the options version 1 will hold', async () => {
    fetchMock.mockResolvedValueOnce(json(404, {status: 'rejected', reason: 'no such form'}));
    await fillIn({id: 'reef-eofy-2026'});
    expect(await screen.findByText('“reef-eofy-2026” is not on this endpoint yet: version 1 will hold these options.')).toBeVisible();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toContain('Source code: added (REEF-WEB)');
    expect(screen.getByRole('button', {name: 'Publish version 1'})).toBeVisible();
  });

  it('refuses an id that is not letters, digits and dashes, and an address that is not one, before sending anything', async () => {
    await fillIn({id: 'save the reef'});
    expect(screen.getByRole('status')).toHaveTextContent('The form’s id: got “save the reef”; expected 1 to 64 letters, digits or dashes');
    cleanup();
    await fillIn({endpoint: 'https://coral.example.org/?form=save-the-reef'});
    expect(screen.getByRole('status')).toHaveTextContent('The endpoint’s address: expected one like https://coral.example.org');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells an endpoint that does not answer this origin from one that is off, refuses the token, or the config', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await fillIn();
    expect(await screen.findByRole('status')).toHaveTextContent(
      `No answer from ${ENDPOINT}: check the address, that the endpoint is running, and that its CORAL_ADMIN_ORIGINS lists this site’s origin, http://localhost:3000`,
    );
    expect(screen.queryByRole('button', {name: /^Publish version/})).not.toBeInTheDocument();
    cleanup();

    const answers: Array<[Response, RegExp | string]> = [
      [
        json(401, {status: 'rejected', reason: 'unauthorised'}),
        'The endpoint refused the admin token: paste the value of its CORAL_ADMIN_TOKEN.',
      ],
      [
        json(404, {status: 'rejected', reason: 'not found'}),
        'Publishing is off on this endpoint: its operator has not set CORAL_ADMIN_TOKEN.',
      ],
      [
        json(409, {status: 'rejected', reason: 'form "save-the-reef" is a powerform: publish a donate-form under another id'}),
        'Not published: form "save-the-reef" is a powerform: publish a donate-form under another id.',
      ],
    ];
    for (const [answer, says] of answers) {
      fetchMock.mockResolvedValueOnce(json(200, PUBLISHED)).mockResolvedValueOnce(answer);
      const {user} = await fillIn();
      await user.click(await screen.findByRole('button', {name: 'Publish version 4'}));
      expect(await within(screen.getByRole('status')).findByText(says)).toBeVisible();
      cleanup();
    }

    const problems = ['amounts.one-off.handles.0.amount: got "5"; expected a number', 'campaign: got ""; expected 2 to 64 characters'];
    fetchMock
      .mockResolvedValueOnce(json(200, PUBLISHED))
      .mockResolvedValueOnce(json(422, {status: 'rejected', reason: problems.join('; '), problems}));
    const {user} = await fillIn();
    await user.click(await screen.findByRole('button', {name: 'Publish version 4'}));
    const status = screen.getByRole('status');
    expect(await within(status).findByText('The endpoint refused the config:')).toBeVisible();
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(problems);
  });

  it('offers no publish over a form of another component under the same id', async () => {
    fetchMock.mockResolvedValueOnce(json(200, {...PUBLISHED, component: 'powerform', config: {campaign: 'save-the-reef'}}));
    await fillIn();
    expect(await screen.findByText('“save-the-reef” is a powerform on this endpoint: give this donate-form another id.')).toBeVisible();
    expect(screen.queryByRole('button', {name: /^Publish version/})).not.toBeInTheDocument();
  });
});
