/**
 * What the results page's script builds its DOM with: elements whose text is set as text, never parsed as HTML, so
 * a value from the records (a source code, a utm value, a variant's id) can only ever show as itself; the tables
 * beside the charts, and how each chart and table is fitted to the room it has; and the figures' formats.
 */

/** An element with its text, or its children, as text and nodes only. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  content: string | readonly Node[] = '',
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (typeof content === 'string') made.textContent = content;
  else made.append(...content);
  return made;
}

/** A cell's content: its text, or nodes made with `element`. */
export type Cell = string | readonly Node[];

/** A column: its name, and whether it holds words (left-aligned, broken anywhere to fit) rather than figures. */
export type Column = string | {name: string; words: true};

const columnName = (column: Column): string => (typeof column === 'string' ? column : column.name);
const holdsWords = (column: Column | undefined): boolean => typeof column === 'object';

/**
 * A table with its caption, a header row of `columns` (each `scope="col"`) and one row per entry, whose first cell is
 * the row's header (`scope="row"`); in a box that scrolls sideways where the screen is too narrow for it, so the page
 * never does, with a hint that says so (shown by `fit`).
 */
export function table(caption: string, columns: readonly Column[], rows: ReadonlyArray<readonly Cell[]>): HTMLElement {
  const head = element(
    'tr',
    columns.map((column) => element('th', columnName(column), holdsWords(column) ? {scope: 'col', class: 'words'} : {scope: 'col'})),
  );
  const body = rows.map(([first = '', ...rest]) =>
    element('tr', [
      element('th', first, {scope: 'row'}),
      ...rest.map((cell, i) => element('td', cell, holdsWords(columns[i + 1]) ? {class: 'words'} : {})),
    ]),
  );
  const made = element('table', [element('caption', caption), element('thead', [head]), element('tbody', body)]);
  const hint = element('p', 'The table is wider than the screen: scroll it sideways for every column.', {class: 'hint'});
  hint.hidden = true;
  // Focusable, so a keyboard can scroll a table wider than the screen.
  return element('div', [hint, element('div', [made], {class: 'table', tabindex: '0', role: 'region', 'aria-label': caption})], {
    class: 'tablebox',
  });
}

/** Draws a chart `width` pixels wide. */
export type Draw = (width: number) => Element;

/** Each chart's box and how to draw it again at another width. */
const drawings = new WeakMap<HTMLElement, Draw>();

/** A chart's box, with the chart drawn `width` pixels wide until `fit` finds the room it has. */
export function chart(draw: Draw, width: number): HTMLElement {
  const box = element('div', [draw(width)], {class: 'chart', 'data-width': String(width)});
  drawings.set(box, draw);
  return box;
}

/** A chart (or what stands for it) and its table: side by side where both fit, one above the other where not. */
export const pair = (shown: HTMLElement, data: HTMLElement): HTMLElement =>
  element('div', [shown.matches('.chart') ? shown : element('div', [shown], {class: 'chart'}), data], {class: 'pair'});

/** The widest a chart is drawn, the narrowest it is drawn beside a table, and the gap between them (1rem). */
export const CHART_WIDTH = {most: 720, beside: 360, gap: 16} as const;

/**
 * Fits what `root` holds to the room it has, after it is on the page and whenever that room changes: a table goes
 * beside its chart only with its every column in view and room left for the chart, else below it at the full width;
 * each chart is drawn again at the width its box then has (so its words keep their size, never shrunk with it); and
 * a table still too wide says it scrolls. Reads the layout, then writes it, in turns, so it lays out once a turn.
 */
export function fit(root: ParentNode): void {
  const pairs = [...root.querySelectorAll<HTMLElement>('.pair')];
  for (const each of pairs) each.dataset.layout = 'stacked';
  const beside = pairs.map((each) => {
    const data = each.querySelector('table');
    return data !== null && each.clientWidth - data.offsetWidth - CHART_WIDTH.gap >= CHART_WIDTH.beside;
  });
  pairs.forEach((each, i) => (each.dataset.layout = beside[i] ? 'beside' : 'stacked'));
  const boxes = [...root.querySelectorAll<HTMLElement>('.chart')].filter((box) => drawings.has(box));
  const widths = boxes.map((box) => Math.floor(Math.min(CHART_WIDTH.most, box.clientWidth)));
  boxes.forEach((box, i) => {
    const width = widths[i]!;
    if (width <= 0 || box.dataset.width === String(width)) return;
    box.replaceChildren(drawings.get(box)!(width));
    box.dataset.width = String(width);
  });
  const regions = [...root.querySelectorAll<HTMLElement>('.tablebox > .table')];
  const room = regions.map((region) => (region.scrollWidth > region.clientWidth + 1 ? region.clientWidth : null));
  regions.forEach((region, i) => {
    const width = room[i]!;
    (region.previousElementSibling as HTMLElement).hidden = width === null;
    // A table wider than its box keeps its caption to what is in view, not as wide as the table's every column.
    region.querySelector('caption')!.style.maxWidth = width === null ? '' : `${width}px`;
  });
}

/** A section with its heading. */
export const section = (heading: string, children: readonly Node[], level: 'h2' | 'h3' = 'h2'): HTMLElement =>
  element('section', [element(level, heading), ...children]);

/**
 * The locale of every figure on the page: the one the verdict's sentence is written in (compute.ts), so the tables
 * and the sentence write an amount the same way ("$4.50" for AUD, "USD 4.50" for US dollars).
 */
export const LOCALE = 'en-AU';

const counts = new Intl.NumberFormat(LOCALE);

export const count = (value: number): string => counts.format(value);

/** Cents as money in the form's currency; as a plain number where it has none (a powerform). */
export function money(cents: number, currency: string | null, signed = false): string {
  const options: Intl.NumberFormatOptions = {signDisplay: signed ? 'exceptZero' : 'auto'};
  const format =
    currency === null
      ? new Intl.NumberFormat(LOCALE, {...options, minimumFractionDigits: 2, maximumFractionDigits: 2})
      : new Intl.NumberFormat(LOCALE, {...options, style: 'currency', currency: currency.toUpperCase()});
  return format.format(cents / 100);
}

export const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

/** A figure that may be missing (no visitors yet): a dash. */
export const orDash = <T>(value: T | null, format: (value: T) => string): string => (value === null ? '—' : format(value));
