/**
 * The results page's script (built to `dist/results/app.js`, served at `GET /results/app.js`): lists the forms,
 * then shows the chosen one's results. It reads with the page's session cookie, which the browser sends itself:
 * the script never sees a token, and keeps nothing.
 */
import type {FormList, ResultsAnswer} from '../../src/coral/contract';
import {element} from './dom';
import {report} from './report';

const root = document.getElementById('results')!;
const base = root.dataset.base ?? '';
const choice = document.getElementById('form') as HTMLSelectElement;
const status = document.getElementById('status')!;
const shown = document.getElementById('report')!;

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

async function show(form: string): Promise<void> {
  status.textContent = `Loading the results of “${form}”…`;
  shown.replaceChildren();
  const results = await read<ResultsAnswer>(`/results/${encodeURIComponent(form)}`);
  if (typeof results === 'string') {
    status.textContent = results;
    return;
  }
  const width = Math.max(280, Math.min(720, shown.clientWidth));
  shown.replaceChildren(...report(results, width));
  status.textContent = `Showing “${results.form}” (${results.component}, campaign ${results.campaign}).`;
}

async function start(): Promise<void> {
  const list = await read<FormList>('/forms');
  if (typeof list === 'string') {
    status.textContent = list;
    return;
  }
  if (list.forms.length === 0) {
    status.textContent = 'No form is published on this endpoint yet.';
    return;
  }
  choice.replaceChildren(...list.forms.map(({form, component}) => element('option', `${form} (${component})`, {value: form})));
  choice.disabled = false;
  choice.addEventListener('change', () => void show(choice.value));
  await show(choice.value);
}

void start();
