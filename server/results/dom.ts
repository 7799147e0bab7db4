/**
 * What the results page's script builds its DOM with: elements whose text is set as text, never parsed as HTML, so
 * a value from the records (a source code, a utm value, a variant's id) can only ever show as itself; the tables
 * beside the charts; and the figures' formats.
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

/**
 * A table with its caption, a header row of `columns` (each `scope="col"`) and one row per entry, whose first cell is
 * the row's header (`scope="row"`); in a box that scrolls sideways on a narrow screen, so the page never does.
 */
export function table(caption: string, columns: readonly string[], rows: ReadonlyArray<readonly string[]>): HTMLElement {
  const head = element(
    'tr',
    columns.map((column) => element('th', column, {scope: 'col'})),
  );
  const body = rows.map(([first = '', ...rest]) =>
    element('tr', [element('th', first, {scope: 'row'}), ...rest.map((cell) => element('td', cell))]),
  );
  const made = element('table', [element('caption', caption), element('thead', [head]), element('tbody', body)]);
  // Focusable, so a keyboard can scroll a table wider than the screen.
  return element('div', [made], {class: 'table', tabindex: '0', role: 'region', 'aria-label': caption});
}

/** A chart and its table side by side (one above the other on a phone). */
export const pair = (chart: Element, data: HTMLElement): HTMLElement =>
  element('div', [element('div', [chart], {class: 'chart'}), data], {class: 'pair'});

/** A section with its heading. */
export const section = (heading: string, children: readonly Node[], level: 'h2' | 'h3' = 'h2'): HTMLElement =>
  element('section', [element(level, heading), ...children]);

const counts = new Intl.NumberFormat('en');

export const count = (value: number): string => counts.format(value);

/** Cents as money in the form's currency; as a plain number where it has none (a powerform). */
export function money(cents: number, currency: string | null): string {
  if (currency === null) return counts.format(cents / 100);
  return new Intl.NumberFormat('en', {style: 'currency', currency: currency.toUpperCase()}).format(cents / 100);
}

export const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

/** A figure that may be missing (no visitors yet): a dash. */
export const orDash = <T>(value: T | null, format: (value: T) => string): string => (value === null ? '–' : format(value));
