/**
 * The Customise tab's side of publishing: read the version an endpoint has of a form, then publish the config as the
 * next one, each failure said in words that tell the campaigner or the operator what to change.
 */
import {
  encodePublishedBy,
  FORM_ID,
  FORM_ID_RULE,
  FORM_PARAM,
  formAnswerSchema,
  formListSchema,
  publishAnswerSchema,
  ROUTES,
  type FormAnswer,
  type FormComponent,
  type FormList,
} from '../../coral/contract';

export type Failure = {ok: false; message: string; problems?: string[]};

/** The endpoint's address as the page's element takes it: http(s), no query or fragment, no trailing slash. */
export function endpointOf(text: string): {ok: true; endpoint: string} | Failure {
  const given = text.trim();
  const url = URL.canParse(given) ? new URL(given) : null;
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search !== '' || url.hash !== '') {
    return {ok: false, message: 'The endpoint’s address: expected one like https://coral.example.org (its base path too, if it has one).'};
  }
  return {ok: true, endpoint: `${url.origin}${url.pathname.replace(/\/+$/, '')}`};
}

/** What a form's id is checked against before anything is sent. */
export const idProblem = (id: string): string | null => (FORM_ID.test(id) ? null : `The form’s id: got “${id}”; ${FORM_ID_RULE}.`);

/** A form's id to start from: the campaign's, which is already letters, digits and dashes. */
export function suggestedId(config: unknown): string {
  const campaign = typeof config === 'object' && config !== null ? (config as {campaign?: unknown}).campaign : undefined;
  return typeof campaign === 'string' && FORM_ID.test(campaign) ? campaign : '';
}

const unreachable = (endpoint: string, origin: string): Failure => ({
  ok: false,
  message:
    `No answer from ${endpoint}: check the address, that the endpoint is running, and that its ` +
    `CORAL_ADMIN_ORIGINS lists this site’s origin, ${origin} (the browser hides an answer to any other origin).`,
});

async function reasonOf(response: Response): Promise<{reason: string; problems?: string[]}> {
  const body = (await response.json().catch(() => ({}))) as {reason?: unknown; problems?: unknown};
  const problems = Array.isArray(body.problems) ? body.problems.map(String) : undefined;
  return {reason: typeof body.reason === 'string' ? body.reason : `status ${response.status}`, ...(problems ? {problems} : {})};
}

const TOKEN_REFUSED = 'The endpoint refused the admin token: paste the value of its CORAL_ADMIN_TOKEN.';
const PUBLISHING_OFF = 'Publishing is off on this endpoint: its operator has not set CORAL_ADMIN_TOKEN.';

/** A form the endpoint lists: its component and each of its versions, withdrawn or not. */
export type Listed = FormList['forms'][number];

/**
 * GET /forms under the admin token: the token checked at the first request, before anything is shown, and whether
 * the form is there at all, so a new form is never asked for (its 404 would be logged by the browser as an error).
 */
export async function readList(endpoint: string, token: string, origin: string): Promise<{ok: true; forms: Listed[]} | Failure> {
  let response: Response;
  try {
    response = await fetch(`${endpoint}${ROUTES.forms.path}`, {
      headers: {authorization: `Bearer ${token}`},
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch {
    return unreachable(endpoint, origin);
  }
  if (response.status === 401) return {ok: false, message: TOKEN_REFUSED};
  if (response.status === 404) return {ok: false, message: PUBLISHING_OFF};
  if (!response.ok) return {ok: false, message: `The endpoint did not list its forms: ${(await reasonOf(response)).reason}.`};
  const list = formListSchema.safeParse(await response.json().catch(() => null));
  return list.success
    ? {ok: true, forms: list.data.forms}
    : {ok: false, message: `${endpoint} answered, but not as a Coral endpoint does.`};
}

const formUrl = (endpoint: string, id: string) => `${endpoint}${ROUTES.form.path.replace(FORM_PARAM, encodeURIComponent(id))}`;

/** The newest version the endpoint has of the form, or null when it has none standing (a 404). */
export async function readPublished(endpoint: string, id: string, origin: string): Promise<{ok: true; form: FormAnswer | null} | Failure> {
  let response: Response;
  try {
    response = await fetch(formUrl(endpoint, id), {cache: 'no-store'});
  } catch {
    return unreachable(endpoint, origin);
  }
  if (response.status === 404) return {ok: true, form: null};
  if (!response.ok) return {ok: false, message: `The endpoint did not give the published form: ${(await reasonOf(response)).reason}.`};
  const read = formAnswerSchema.safeParse(await response.json().catch(() => null));
  return read.success ? {ok: true, form: read.data} : {ok: false, message: `${endpoint} answered, but not as a Coral endpoint does.`};
}

export type PublishRequest = {endpoint: string; token: string; id: string; component: FormComponent; config: unknown; by: string};

/** PUT /forms/<id>: the version made, or why none was. */
export async function publishForm(request: PublishRequest, origin: string): Promise<{ok: true; version: number; plan?: string} | Failure> {
  const {endpoint, token, id, component, config, by} = request;
  const headers: Record<string, string> = {authorization: `Bearer ${token}`, 'content-type': 'application/json'};
  if (by.trim() !== '') headers['coral-published-by'] = encodePublishedBy(by.trim());
  let response: Response;
  try {
    const body = JSON.stringify({...(config as object), component});
    response = await fetch(formUrl(endpoint, id), {method: 'PUT', headers, body, credentials: 'omit'});
  } catch {
    return unreachable(endpoint, origin);
  }
  if (response.status === 201) {
    const made = publishAnswerSchema.safeParse(await response.json().catch(() => null));
    if (made.success) return {ok: true, version: made.data.version, ...(made.data.plan === undefined ? {} : {plan: made.data.plan})};
  }
  const {reason, problems} = await reasonOf(response);
  switch (response.status) {
    case 401:
      return {ok: false, message: TOKEN_REFUSED};
    case 404:
      return {ok: false, message: PUBLISHING_OFF};
    case 409:
      return {ok: false, message: `Not published: ${reason}.`};
    case 422:
      return {ok: false, message: 'The endpoint refused the config:', problems: problems ?? [reason]};
    default:
      return {ok: false, message: `Not published: the endpoint answered ${response.status} (${reason}).`};
  }
}
