// @vitest-environment jsdom
import {cleanup, render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {donateFormSchema} from '../../coral/donate-form/core';
import {DONATE_FORM_OPTIONS} from '../../coral/donate-form/docs';
import {optionTree} from '../../coral/shared/docs';
import {expectNoAxeViolations} from '../../coral/shared/testing';
import {Publish} from './Publish';
import {suggestedId} from './publishing';

type Props = Parameters<typeof Publish>[0];

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

/** GET /forms as the endpoint answers it, listing `forms` (each with versions 1 to its `version`). */
const list = (...forms: {form: string; component?: string; version: number; withdrawn?: boolean}[]) =>
  json(200, {
    forms: forms.map(({form, component = 'donate-form', version, withdrawn = false}) => ({
      form,
      component,
      campaign: 'save-the-reef',
      createdAt: '2026-05-01T00:00:00.000Z',
      versions: Array.from({length: version}, (_, i) => ({
        version: i + 1,
        publishedBy: null,
        publishedAt: '2026-05-01T00:00:00.000Z',
        withdrawnAt: withdrawn ? '2026-05-02T00:00:00.000Z' : null,
        withdrawnBy: null,
      })),
    })),
  });
/** The endpoint's list with the published form in it, then that form. */
const listedAndRead = (form = PUBLISHED) => fetchMock.mockResolvedValueOnce(list(form)).mockResolvedValueOnce(json(200, form));

const LISTED_WITH_TOKEN = [`${ENDPOINT}/forms`, {headers: {authorization: `Bearer ${TOKEN}`}, cache: 'no-store', credentials: 'omit'}];

/** Opens the panel and fills it as a campaigner would; the form's id starts as the campaign's. */
async function fillIn(fields: {endpoint?: string; token?: string; id?: string; by?: string} = {}, props: Partial<Props> = {}) {
  const user = userEvent.setup();
  const view = render(<Publish tag="coral-donate-form" tree={tree} config={CONFIG} site={SITE} {...props} />);
  await user.click(screen.getByText('Publish to your endpoint'));
  await user.type(screen.getByLabelText('Endpoint address'), fields.endpoint ?? `${ENDPOINT}/`);
  if (fields.token !== '') await user.type(screen.getByLabelText('Admin token'), fields.token ?? TOKEN);
  const id = screen.getByLabelText('Form id');
  expect(id).toHaveValue(suggestedId(props.config ?? CONFIG));
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
    listedAndRead().mockResolvedValueOnce(json(201, {form: 'save-the-reef', version: 4}));
    const {user, view} = await fillIn({by: 'Māori Ngā 王'});
    // The token is checked by the first request, the list, which needs it; the form itself is public.
    expect(fetchMock.mock.calls[0]).toEqual(LISTED_WITH_TOKEN);
    await waitFor(() => expect(fetchMock).toHaveBeenLastCalledWith(`${ENDPOINT}/forms/save-the-reef`, {cache: 'no-store'}));
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
    expect(within(status).getByRole('button', {name: 'Copy snippet'})).toBeVisible();

    // Published: the same again would be a copy, so the button says why it is off, and does nothing.
    const again = screen.getByRole('button', {name: 'Publish version 5'});
    expect(again).toHaveAttribute('aria-disabled', 'true');
    expect(again).toHaveAccessibleDescription('No change from version 4: nothing to publish.');
    await user.click(again);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    // The token went out in the PUT's header alone.
    expect(window.location.href).not.toContain(TOKEN);
    expect(JSON.stringify({...localStorage}) + JSON.stringify({...sessionStorage})).not.toContain(TOKEN);
    expect(JSON.stringify(log.mock.calls)).not.toContain(TOKEN);
    expect(screen.getByLabelText('Admin token')).toHaveAttribute('type', 'password');
  });

  it('says the experiment’s plan the endpoint gives with the version it made, and says nothing of one it does not', async () => {
    const plan = 'Decided on gifts per visitor. To find a lift of 20 % or more with 80 % power it needs 29,309 visitors on each variant.';
    listedAndRead().mockResolvedValueOnce(json(201, {form: 'save-the-reef', version: 4, plan}));
    const {user} = await fillIn();
    await user.click(await screen.findByRole('button', {name: 'Publish version 4'}));
    expect(await within(screen.getByRole('status')).findByText(`The experiment’s plan: ${plan}`)).toBeVisible();
    cleanup();
    listedAndRead().mockResolvedValueOnce(json(201, {form: 'save-the-reef', version: 4}));
    const again = await fillIn();
    await again.user.click(await screen.findByRole('button', {name: 'Publish version 4'}));
    expect(await within(screen.getByRole('status')).findByText(/Published as version 4/)).toBeVisible();
    expect(screen.queryByText(/The experiment’s plan/)).toBeNull();
  });

  it('says a form the endpoint does not list is new without asking for it, and lists in words the options version 1 will hold', async () => {
    fetchMock.mockResolvedValueOnce(list({form: 'save-the-reef', version: 3}));
    await fillIn({id: 'reef-eofy-2026'});
    expect(await screen.findByText('“reef-eofy-2026” is not on this endpoint yet: version 1 will hold these options.')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('“reef-eofy-2026” is new on this endpoint.');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Campaign: added (save-the-reef)',
      'Source code: added (REEF-WEB)',
      'Amounts › One-off › Handles: added (25, 50, 150)',
    ]);
    expect(screen.getByRole('button', {name: 'Publish version 1'})).not.toHaveAttribute('aria-disabled');
    // Only the list was asked for: no 404 for the browser to log.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('counts on from the newest version of a form whose every version is withdrawn', async () => {
    fetchMock.mockResolvedValueOnce(list({form: 'save-the-reef', version: 2, withdrawn: true}));
    await fillIn();
    expect(await screen.findByText('Every version of “save-the-reef” is withdrawn: version 3 will hold these options.')).toBeVisible();
    expect(screen.getByRole('button', {name: 'Publish version 3'})).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('checks the admin token at the first request, and sends nothing without one', async () => {
    fetchMock.mockResolvedValueOnce(json(401, {status: 'rejected', reason: 'unauthorised'}));
    await fillIn({token: 'not-the-token'});
    expect(
      await within(screen.getByRole('status')).findByText(
        'The endpoint refused the admin token: paste the value of its CORAL_ADMIN_TOKEN.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', {name: /^Publish version/})).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    cleanup();

    fetchMock.mockResolvedValueOnce(json(404, {status: 'rejected', reason: 'not found'}));
    await fillIn();
    expect(
      await within(screen.getByRole('status')).findByText(
        'Publishing is off on this endpoint: its operator has not set CORAL_ADMIN_TOKEN.',
      ),
    ).toBeVisible();
    cleanup();

    fetchMock.mockReset();
    // Without a token the browser's own check stops the form: nothing is sent.
    await fillIn({token: ''});
    expect(screen.getByLabelText('Admin token')).toBeInvalid();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the form’s id with the campaign until the campaigner gives one, and reads again for a new one', async () => {
    const user = userEvent.setup();
    const view = render(<Publish tag="coral-donate-form" tree={tree} config={CONFIG} site={SITE} />);
    await user.click(screen.getByText('Publish to your endpoint'));
    const id = screen.getByLabelText('Form id');
    expect(id).toHaveValue('save-the-reef');
    await user.type(screen.getByLabelText('Endpoint address'), ENDPOINT);
    await user.type(screen.getByLabelText('Admin token'), TOKEN);
    listedAndRead();
    await user.click(screen.getByRole('button', {name: 'Show what will change'}));
    expect(await screen.findByRole('button', {name: 'Publish version 4'})).toBeVisible();

    // The campaign changed in the tab: the id follows, and what was read of the old id no longer offers a publish.
    view.rerender(<Publish tag="coral-donate-form" tree={tree} config={{...CONFIG, campaign: 'reef-eofy-2026'}} site={SITE} />);
    expect(id).toHaveValue('reef-eofy-2026');
    expect(screen.queryByRole('button', {name: /^Publish version/})).not.toBeInTheDocument();
    fetchMock
      .mockResolvedValueOnce(list({form: 'save-the-reef', version: 3}))
      .mockResolvedValueOnce(json(201, {form: 'reef-eofy-2026', version: 1}));
    await user.click(screen.getByRole('button', {name: 'Show what will change'}));
    await user.click(await screen.findByRole('button', {name: 'Publish version 1'}));
    expect(await within(screen.getByRole('status')).findByText(/Published as version 1/)).toBeVisible();
    expect(fetchMock.mock.lastCall![0]).toBe(`${ENDPOINT}/forms/reef-eofy-2026`);
    expect(JSON.parse(fetchMock.mock.lastCall![1]!.body as string)).toMatchObject({campaign: 'reef-eofy-2026'});

    // An id the campaigner typed stays theirs, whatever the campaign.
    await user.clear(id);
    await user.type(id, 'reef-appeal');
    view.rerender(<Publish tag="coral-donate-form" tree={tree} config={{...CONFIG, campaign: 'reef-winter'}} site={SITE} />);
    expect(id).toHaveValue('reef-appeal');
  });

  it('sends a pasted experiment and visitor setting with the config, and lists them in words', async () => {
    const experiment = {
      id: 'higher-asks-eofy',
      variants: [
        {id: 'control', weight: 1, changes: {}},
        {id: 'higher-asks', weight: 1, changes: {amounts: {'one-off': {handles: [{amount: 50}, {amount: 100}, {amount: 200}]}}}},
      ],
    };
    const onLeaveOut = vi.fn();
    listedAndRead().mockResolvedValueOnce(json(201, {form: 'save-the-reef', version: 4}));
    const {user, view} = await fillIn({}, {kept: {experiment, visitor: 'browser'}, onLeaveOut});
    expect(
      screen.getByText(
        'Published with it, from Paste a config: the experiment “higher-asks-eofy” with variants control and higher-asks; the visitor id kept in the browser’s storage.',
      ),
    ).toBeVisible();
    expect(await screen.findByText('What changes from version 3:')).toBeVisible();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Amounts › One-off › Handles: 20, 50, 100 → 25, 50, 150',
      'Visitor id kept in: the tab’s session → the browser’s storage',
      'Experiment: added “higher-asks-eofy” with variants control and higher-asks',
      'Experiment › higher-asks › Amounts › One-off › Handles: 25, 50, 150 → 50, 100, 200',
    ]);
    await expectNoAxeViolations(view.container);
    await user.click(screen.getByRole('button', {name: 'Publish version 4'}));
    expect(await within(screen.getByRole('status')).findByText(/Published as version 4/)).toBeVisible();
    expect(JSON.parse(fetchMock.mock.lastCall![1]!.body as string)).toEqual({
      ...CONFIG,
      experiment,
      visitor: 'browser',
      component: 'donate-form',
    });
    await user.click(screen.getByRole('button', {name: 'Leave both out'}));
    expect(onLeaveOut).toHaveBeenCalled();
  });

  it('holds back an experiment the config no longer fits, naming the variant and the key', async () => {
    const experiment = {
      id: 'lower-asks',
      variants: [
        {id: 'control', weight: 1, changes: {}},
        {id: 'tiny', weight: 1, changes: {amounts: {'one-off': {handles: [{amount: 1}, {amount: 2}]}}}},
      ],
    };
    listedAndRead();
    const {view} = await fillIn({}, {kept: {experiment}});
    const button = await screen.findByRole('button', {name: 'Publish version 4'});
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await expectNoAxeViolations(view.container);
    expect(button).toHaveAccessibleDescription('The experiment does not fit this config, so the endpoint would refuse it:');
    expect(
      screen.getByText(
        'experiment.variants.1 ("tiny").changes → amounts.one-off.handles.0.amount: got 1; expected a handle between min (5) and max (10000)',
      ),
    ).toBeVisible();
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
    expect(fetchMock).toHaveBeenCalledWith(...LISTED_WITH_TOKEN);
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
      listedAndRead().mockResolvedValueOnce(answer);
      const {user} = await fillIn();
      await user.click(await screen.findByRole('button', {name: 'Publish version 4'}));
      expect(await within(screen.getByRole('status')).findByText(says)).toBeVisible();
      cleanup();
    }

    const problems = ['amounts.one-off.handles.0.amount: got "5"; expected a number', 'campaign: got ""; expected 2 to 64 characters'];
    listedAndRead().mockResolvedValueOnce(json(422, {status: 'rejected', reason: problems.join('; '), problems}));
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
    fetchMock.mockResolvedValueOnce(list({form: 'save-the-reef', component: 'powerform', version: 1}));
    await fillIn();
    expect(await screen.findByText('“save-the-reef” is a powerform on this endpoint: give this donate-form another id.')).toBeVisible();
    expect(screen.queryByRole('button', {name: /^Publish version/})).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
