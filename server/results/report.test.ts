// @vitest-environment jsdom
/** The results page's report of one form, drawn from an answer of `GET /results/<form>` as the wire defines it. */
import {describe, expect, it} from 'vitest';
import {resultsAnswerSchema, type ResultsAnswer} from '../../src/coral/contract';
import {report} from './report';

const variant = (changes: Partial<ResultsAnswer['versions'][number]['variants'][number]>) => ({
  variant: 'control',
  weight: 1,
  visitors: 0,
  starts: 0,
  submits: 0,
  gifts: 0,
  signatures: 0,
  raisedCents: 0,
  regularGifts: 0,
  regularMonthlyCents: 0,
  meanGiftCents: null,
  revenuePerVisitorCents: null,
  conversion: null,
  vsControl: null,
  chanceBest: null,
  ...changes,
});

/** What a link from an ad, copied by hand, can carry. */
const HOSTILE = '<img src=x onerror="alert(1)">';

const DONATE: ResultsAnswer = resultsAnswerSchema.parse({
  form: 'reef-appeal',
  component: 'donate-form',
  campaign: 'save-the-reef',
  currency: 'aud',
  versions: [
    {
      version: 1,
      experiment: null,
      metric: 'revenue-per-visitor',
      variants: [variant({variant: '', visitors: 40, gifts: 2})],
      srm: null,
      verdict: null,
      enoughToStop: null,
    },
    {
      version: 2,
      experiment: 'ask-higher',
      metric: 'revenue-per-visitor',
      variants: [
        variant({
          variant: 'control',
          visitors: 120,
          starts: 30,
          submits: 12,
          gifts: 9,
          raisedCents: 54000,
          revenuePerVisitorCents: 450,
          chanceBest: 0.21,
        }),
        variant({
          variant: 'higher',
          visitors: 80,
          starts: 25,
          submits: 11,
          gifts: 8,
          raisedCents: 72000,
          revenuePerVisitorCents: 900,
          vsControl: {difference: 450, low: -120, high: 1020, chanceBetter: 0.79},
          chanceBest: 0.79,
        }),
      ],
      srm: {pValue: 0.0004, broken: true},
      verdict: 'Higher is ahead, but not yet clearly: keep the experiment running.',
      enoughToStop: false,
    },
  ],
  days: [
    {day: '2026-11-25', visitors: 90, gifts: 7, raisedCents: 51000, signatures: 0},
    {day: '2026-11-26', visitors: 150, gifts: 12, raisedCents: 81000, signatures: 0},
  ],
  amounts: [
    {frequency: 'one-off', amountCents: 6000, gifts: 11},
    {frequency: 'monthly', amountCents: 3500, gifts: 6},
  ],
  sources: [
    {
      source: 'REEF-EDM',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'eofy',
      visitors: 140,
      gifts: 12,
      signatures: 0,
      raisedCents: 90000,
    },
    {source: HOSTILE, utmSource: '', utmMedium: '', utmCampaign: '', visitors: 100, gifts: 7, signatures: 0, raisedCents: 42000},
  ],
});

const drawn = () => {
  document.body.replaceChildren(...report(DONATE, 640));
  return document.body;
};

const rowsOf = (caption: string) => {
  const found = [...document.querySelectorAll('table')].find((table) => table.caption?.textContent === caption);
  if (!found) throw new Error(`no table "${caption}"`);
  return [...found.rows].map((row) => [...row.cells].map((cell) => cell.textContent));
};

describe('the results report', () => {
  it('gives every chart an SVG and a table beside it, with a caption and headers by scope', () => {
    const page = drawn();
    const pairs = page.querySelectorAll('.pair');
    expect(pairs.length).toBe(6);
    for (const pair of pairs) {
      expect(pair.querySelector('.chart svg, .chart p')).not.toBeNull();
      const table = pair.querySelector('table')!;
      expect(table.caption?.textContent).not.toBe('');
      expect(table.querySelectorAll('thead th[scope="col"]').length).toBeGreaterThan(1);
      expect(table.querySelectorAll('tbody th[scope="row"]').length).toBe(table.tBodies[0]!.rows.length);
    }
    expect([...page.querySelectorAll('h2')].map((heading) => heading.textContent)).toEqual([
      'Gifts and amount raised by day',
      'Versions and experiments',
      'Amounts chosen',
      'Where visitors came from',
    ]);
  });

  it('shows the figures of each day, variant, amount and source, in the form’s currency', () => {
    drawn();
    expect(rowsOf('Gifts and amount raised by day')).toEqual([
      ['Day (UTC)', 'Visitors', 'Gifts', 'Raised'],
      ['2026-11-25', '90', '7', 'A$510.00'],
      ['2026-11-26', '150', '12', 'A$810.00'],
    ]);
    expect(rowsOf('Version 2: visitors to gifts, by variant')).toEqual([
      ['Variant', 'Visitors', 'Starts', 'Submits', 'Gifts'],
      ['control', '120', '30', '12', '9'],
      ['higher', '80', '25', '11', '8'],
    ]);
    expect(rowsOf('Version 1: visitors to gifts, by variant')[1]).toEqual(['All visitors', '40', '0', '0', '2']);
    expect(rowsOf('Amounts chosen').slice(1)).toEqual([
      ['A$60.00', 'one-off', '11'],
      ['A$35.00', 'monthly', '6'],
    ]);
  });

  it('gives the experiment’s verdict, its interval and chances, and warns of a broken split', () => {
    const page = drawn();
    expect(rowsOf('Version 2, experiment “ask-higher”: revenue per visitor against the control').slice(1)).toEqual([
      ['control', '120', 'A$4.50', 'Control', '–', '21.0%'],
      ['higher', '80', 'A$9.00', 'A$4.50 (-A$1.20 to A$10.20)', '79.0%', '79.0%'],
    ]);
    expect(page.textContent).toContain('Higher is ahead, but not yet clearly: keep the experiment running.');
    expect(page.querySelector('[role="alert"]')?.textContent).toMatch(/^Warning: the visitors did not split .* p = 0\.00040\)/);
  });

  it('shows a value from the records as text, never as HTML', () => {
    const page = drawn();
    expect(page.querySelector('img')).toBeNull();
    expect(rowsOf('Where visitors came from')[2]?.[0]).toBe(HOSTILE);
    // Cut to fit beside the chart, as text all the same.
    expect([...page.querySelectorAll('svg text')].some((text) => text.textContent === `${HOSTILE.slice(0, 21)}…`)).toBe(true);
  });
});
