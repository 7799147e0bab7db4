/**
 * The results page's script (built to `dist/results/app.js`, served at `GET /results/app.js`): lists the forms,
 * then shows the chosen one's results, the choice kept in the address (`?form=<id>`) so a reload, a link or the back
 * button opens the same form. It reads with the page's session cookie, which the browser sends itself: the script
 * never sees a token, and keeps nothing.
 */
import type {FormList, ResultsAnswer} from '../../src/coral/contract';
import {CHART_WIDTH, element, fit} from './dom';
import {report} from './report';

const root = document.getElementById('results')!;
const base = root.dataset.base ?? '';
const choice = document.getElementById('form') as HTMLSelectElement;
const status = document.getElementById('status')!;
const shown = document.getElementById('report')!;

/** The address's parameter that names the form shown. */
const PARAM = 'form';

/** What the endpoint answered, or the sentence the page says instead. */
async function read<T>(path: string): Promise<T | string> {
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {headers: {accept: 'application/json'}, credentials: 'same-origin'});
  } catch {
    return 'The endpoint could not be reached. Try again in a moment.';
  }
  if (response.status === 401) return 'Your session has ended: reload the page to sign in again.';
  if (!response.ok) return `The endpoint answered ${response.status}. Try again in a moment.`;
  return (await response.json()) as T;
}

/** The width the report was last fitted to: a phone turned, or a window resized, fits it again. */
let fitted = 0;

/** Lays the report out for the room it has, once it is on the page. */
function refit(): void {
  fitted = shown.clientWidth;
  fit(shown);
}

/** The latest form asked for: an answer for one asked for before it is dropped. */
let asked = 0;

/** What the page says before the form it shows: that the address named a form there is not, when it did. */
let note = '';

async function show(form: string): Promise<void> {
  const mine = (asked += 1);
  status.textContent = `Loading the results of “${form}”…`;
  shown.replaceChildren();
  const results = await read<ResultsAnswer>(`/results/${encodeURIComponent(form)}`);
  if (mine !== asked) return;
  if (typeof results === 'string') {
    status.textContent = results;
    return;
  }
  shown.replaceChildren(...report(results, Math.max(280, Math.min(CHART_WIDTH.most, shown.clientWidth))));
  refit();
  status.textContent = `${note}Showing “${results.form}” (${results.component}, campaign ${results.campaign}).`;
  note = '';
}

// Once the resizing has stopped for a moment, and only when the report's width has changed.
let resizing: ReturnType<typeof setTimeout> | undefined;
addEventListener('resize', () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => {
    if (shown.clientWidth !== fitted) refit();
  }, 150);
});

/** The form the address names, if it is one of `forms`. */
function named(forms: FormList['forms']): string | null {
  const form = new URLSearchParams(location.search).get(PARAM);
  return forms.some((each) => each.form === form) ? form : null;
}

/** The address with `form` in it, the rest kept. */
function addressOf(form: string): string {
  const address = new URL(location.href);
  address.searchParams.set(PARAM, form);
  return address.href;
}

/** The form published most recently: where the page opens when the address names none. */
const latest = (forms: FormList['forms']): string =>
  forms
    .map(({form, versions}) => ({form, at: versions.reduce((last, each) => (each.publishedAt > last ? each.publishedAt : last), '')}))
    .reduce((newest, each) => (each.at > newest.at ? each : newest)).form;

async function start(): Promise<void> {
  const list = await read<FormList>('/forms');
  if (typeof list === 'string') {
    status.textContent = list;
    return;
  }
  const {forms} = list;
  if (forms.length === 0) {
    status.textContent = 'No form is published on this endpoint yet.';
    return;
  }
  choice.replaceChildren(...forms.map(({form, component}) => element('option', `${form} (${component})`, {value: form})));
  const asked = new URLSearchParams(location.search).get(PARAM);
  if (asked !== null && named(forms) === null) note = `No form “${asked}” is published here. `;
  choice.value = named(forms) ?? latest(forms);
  choice.disabled = false;
  history.replaceState(null, '', addressOf(choice.value));
  choice.addEventListener('change', () => {
    history.pushState(null, '', addressOf(choice.value));
    void show(choice.value);
  });
  // Back and forward: the form the address then names.
  addEventListener('popstate', () => {
    const form = named(forms);
    if (form === null || form === choice.value) return;
    choice.value = form;
    void show(form);
  });
  await show(choice.value);
}

void start();
