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

/** The form shown, and the width its charts were drawn at: a phone turned, or a window resized, draws them again. */
let drawn: {results: ResultsAnswer; width: number} | null = null;

/** The charts' width: the report's, between a phone's and a reading column's. */
const chartWidth = (): number => Math.max(280, Math.min(720, shown.clientWidth));

function draw(results: ResultsAnswer): void {
  drawn = {results, width: chartWidth()};
  shown.replaceChildren(...report(results, drawn.width));
}

async function show(form: string): Promise<void> {
  status.textContent = `Loading the results of “${form}”…`;
  drawn = null;
  shown.replaceChildren();
  const results = await read<ResultsAnswer>(`/results/${encodeURIComponent(form)}`);
  if (typeof results === 'string') {
    status.textContent = results;
    return;
  }
  draw(results);
  status.textContent = `Showing “${results.form}” (${results.component}, campaign ${results.campaign}).`;
}

// Once the resizing has stopped for a moment, and only when the width the charts fit has changed.
let resizing: ReturnType<typeof setTimeout> | undefined;
addEventListener('resize', () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => {
    if (drawn && chartWidth() !== drawn.width) draw(drawn.results);
  }, 150);
});

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
