// @vitest-environment jsdom
/** The results page's report of one form, drawn from an answer of `GET /results/<form>` as the wire defines it. */
import {describe, expect, it} from 'vitest';
import {resultsAnswerSchema, type ExperimentPlan, type ResultsAnswer} from '../../src/coral/contract';
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
  metricValue: null,
  vsControl: null,
  ...changes,
});

/** A version as the wire answers it, with no experiment unless `changes` gives one. */
const version = (changes: Partial<ResultsAnswer['versions'][number]>) => ({
  version: 1,
  experiment: null,
  metric: 'revenue-per-visitor',
  variants: [],
  srm: null,
  verdict: null,
  enoughToStop: null,
  decision: null,
  plan: null,
  days: null,
  capCents: null,
  sandbox: false,
  ...changes,
});

/** What server/results/plan.ts makes for two even variants, on its assumption. */
const PLAN: ExperimentPlan = {
  metric: 'revenue-per-visitor',
  liftPercent: 10,
  alpha: 0.05,
  power: 0.8,
  from: 'assumed',
  baseline: {mean: 150, sd: 1600, visitorsPerDay: 500},
  visitors: [
    {variant: 'control', visitors: 21400},
    {variant: 'higher', visitors: 21400},
  ],
  tuning: [{variant: 'higher', visitors: 42800}],
  days: 91,
  long: true,
};

/** What a link from an ad, copied by hand, can carry. */
const HOSTILE = '<img src=x onerror="alert(1)">';

const DONATE: ResultsAnswer = resultsAnswerSchema.parse({
  form: 'reef-appeal',
  component: 'donate-form',
  campaign: 'save-the-reef',
  currency: 'aud',
  versions: [
    version({version: 1, variants: [variant({variant: '', visitors: 40, gifts: 2})]}),
    version({
      version: 2,
      experiment: 'ask-higher',
      variants: [
        variant({
          variant: 'control',
          visitors: 120,
          starts: 30,
          submits: 12,
          gifts: 9,
          raisedCents: 54000,
          revenuePerVisitorCents: 450,
          metricValue: 410,
        }),
        variant({
          variant: 'higher',
          visitors: 80,
          starts: 25,
          submits: 11,
          gifts: 8,
          raisedCents: 72000,
          revenuePerVisitorCents: 900,
          metricValue: 860,
          vsControl: {difference: 450, low: -120, high: 1020, lift: 1.0976, outcome: 'undecided'},
        }),
      ],
      srm: {pValue: 0.0004, broken: true},
      verdict:
        'The split of visitors is broken (p = 0.00040 against the weights), so this result cannot be trusted: find why before reading it.',
      enoughToStop: false,
      decision: 'broken',
      plan: PLAN,
      days: 2,
      capCents: 48000,
    }),
    version({version: 3, variants: [variant({variant: ''})], sandbox: true}),
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
  countries: null,
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

/** The section of the version whose heading is `heading`. */
const versionSection = (heading: string): HTMLElement => {
  const found = [...document.querySelectorAll('h3')].find((each) => each.textContent === heading);
  if (!found) throw new Error(`no version "${heading}"`);
  return found.parentElement!;
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
    // The newest version first.
    expect([...page.querySelectorAll('h3')].map((heading) => heading.textContent)).toEqual([
      'Version 3',
      'Version 2: experiment “ask-higher”',
      'Version 1',
    ]);
  });

  it('shows the figures of each day, variant, amount and source, money in the form’s currency as the verdict writes it', () => {
    drawn();
    expect(rowsOf('Gifts and amount raised by day')).toEqual([
      ['Day (UTC)', 'Visitors', 'Gifts', 'Raised'],
      ['2026-11-25', '90', '7', '$510.00'],
      ['2026-11-26', '150', '12', '$810.00'],
    ]);
    expect(rowsOf('Version 2: visitors to gifts, by variant')).toEqual([
      ['Variant', 'Visitors', 'Starts', 'Submits', 'Gifts'],
      ['control', '120', '30', '12', '9'],
      ['higher', '80', '25', '11', '8'],
    ]);
    expect(rowsOf('Version 1: visitors to gifts, by variant')[1]).toEqual(['All visitors', '40', '0', '0', '2']);
    expect(rowsOf('Amounts chosen').slice(1)).toEqual([
      ['$60.00', 'one-off', '11'],
      ['$35.00', 'monthly', '6'],
    ]);
    expect(rowsOf('Where visitors came from')).toEqual([
      ['Source', 'Visitors', 'Gifts', 'Raised'],
      ['REEF-EDMutm_source: newsletterutm_medium: emailutm_campaign: eofy', '140', '12', '$900.00'],
      [HOSTILE, '100', '7', '$420.00'],
    ]);
  });

  it('gives the experiment’s verdict, plan and progress first, then each variant against the control as compared', () => {
    const page = drawn();
    const tested = versionSection('Version 2: experiment “ask-higher”');
    expect(rowsOf('Version 2, experiment “ask-higher”: revenue per visitor against the control')).toEqual([
      [
        'Variant',
        'Outcome',
        'Difference from the control (always-valid 95% interval)',
        'Revenue per visitor, each gift up to $480',
        'Revenue per visitor, uncapped',
      ],
      // The control's role is its row's, not a difference.
      ['controlthe control', '—', '—', '$4.10', '$4.50'],
      ['higher', 'Not decided yet', '+$4.50 (+109.8%)-$1.20 to $10.20', '$8.60', '$9.00'],
    ]);
    expect([...tested.children].map((child) => child.className || child.tagName)).toEqual([
      'H3',
      'alert',
      'verdict',
      'plan',
      'progress',
      'tablebox',
      'valued',
      'chart',
      'pair',
    ]);
    // How a gift is valued for the comparison, beside the uncapped figure: a monthly ask is judged alike with a one-off one.
    expect(tested.querySelector('.valued')?.textContent).toBe(
      'Compared by what each gift is worth when it is made: a one-off gift’s amount, a monthly gift’s first 12 payments, a weekly gift’s first 52, a daily gift’s days, each at most $480.00 (the 99th percentile of this version’s gifts). Uncapped is what has been paid so far.',
    );
    expect(tested.querySelector('.verdict')?.getAttribute('data-decision')).toBe('broken');
    expect(tested.querySelector('.plan')?.textContent).toMatch(
      /^Plan: Decided on revenue per visitor\. To find a lift of 10 % or more with 80 % power it needs 21,400 visitors on each variant: about 13 weeks /,
    );
    expect(tested.querySelector('.progress')?.textContent).toBe(
      'Progress: Day 3 of about 91 days planned. Visitors so far, of those needed: control 120 of 21,400; higher 80 of 21,400.',
    );
    expect(page.querySelector('[role="alert"]')?.textContent).toMatch(/^Warning: the visitors did not split .* p = 0\.00040\)/);
  });

  it('says a variant is not compared yet, rather than a difference, and counts signatures in points', () => {
    const signatures = version({
      experiment: 'headline',
      metric: 'signatures-per-visitor',
      variants: [
        variant({variant: 'control', visitors: 4, signatures: 1, metricValue: 0.25}),
        variant({
          variant: 'urgent',
          visitors: 4,
          signatures: 3,
          metricValue: 0.75,
          vsControl: {difference: 0.5, low: -0.4, high: 1, lift: 2, outcome: 'undecided'},
        }),
        variant({variant: 'calm'}),
      ],
      verdict: 'Too early to tell.',
      decision: 'too-early',
      plan: {...PLAN, metric: 'signatures-per-visitor', long: false, days: 14},
      days: 0,
    });
    const petition = resultsAnswerSchema.parse({...DONATE, component: 'powerform', currency: null, versions: [signatures], countries: []});
    document.body.replaceChildren(...report(petition, 640));
    expect(document.querySelector('.valued')).toBeNull();
    expect(rowsOf('Version 1, experiment “headline”: signatures per visitor against the control')).toEqual([
      ['Variant', 'Outcome', 'Difference from the control (always-valid 95% interval)', 'Signatures per visitor'],
      ['controlthe control', '—', '—', '25.0%'],
      ['urgent', 'Not decided yet', '+50.0 points (+200.0%)-40.0 to 100.0 points', '75.0%'],
      ['calm', 'Not compared yet', '—', '—'],
    ]);
  });

  it('counts a petition’s signatures by country, most first, by each country’s name, those with none last', () => {
    const petition = resultsAnswerSchema.parse({
      ...DONATE,
      component: 'powerform',
      campaign: 'pacific-ocean',
      currency: null,
      versions: [],
      countries: [
        {country: 'FJ', signatures: 1204},
        {country: 'PG', signatures: 310},
        {country: 'AU', signatures: 310},
        {country: null, signatures: 2},
      ],
    });
    document.body.replaceChildren(...report(petition, 640));
    expect(rowsOf('Signatures by country')).toEqual([
      ['Country', 'Signatures'],
      ['Fiji', '1,204'],
      ['Papua New Guinea', '310'],
      ['Australia', '310'],
      ['Not recorded', '2'],
    ]);
    expect([...document.querySelectorAll('h2')].map((heading) => heading.textContent)).toContain('Signatures by country');
    expect(document.body.textContent).toContain('Every signature of campaign “pacific-ocean” this endpoint keeps');
    expect(document.body.textContent).toContain('Not recorded: signed before forms asked for a country');
  });

  it('says a petition has no signature by country yet, and shows no such section for a donate form', () => {
    const petition = resultsAnswerSchema.parse({...DONATE, component: 'powerform', currency: null, versions: [], countries: []});
    document.body.replaceChildren(...report(petition, 640));
    const section = [...document.querySelectorAll('h2')].find((heading) => heading.textContent === 'Signatures by country')!.parentElement!;
    expect(section.querySelector('table')).toBeNull();
    expect(section.querySelector('.empty')?.textContent).toBe(
      'No signature yet: each country’s signatures are counted here once a supporter signs.',
    );
    drawn();
    expect(document.body.textContent).not.toContain('Signatures by country');
  });

  it('draws no bar for nothing: a version with no visitor, and days with nothing raised, say so instead', () => {
    const nothing = resultsAnswerSchema.parse({...DONATE, days: DONATE.days.map((day) => ({...day, gifts: 0, raisedCents: 0}))});
    document.body.replaceChildren(...report(nothing, 640));
    const days = document.querySelector('section')!;
    expect(days.querySelector('svg')).toBeNull();
    expect(days.querySelector('.empty')?.textContent).toBe('Nothing raised yet: each day’s gifts are drawn here once a payment is paid.');
    expect(rowsOf('Gifts and amount raised by day')[1]).toEqual(['2026-11-25', '90', '0', '$0.00']);
    const empty = versionSection('Version 3');
    expect(empty.querySelector('svg')).toBeNull();
    expect(empty.querySelector('.empty')?.textContent).toBe('No visitor has seen this version yet: its funnel is drawn here once one has.');
  });

  it('notes a version on the sandbox gateway', () => {
    drawn();
    expect(versionSection('Version 3').querySelector('.note')?.textContent).toMatch(
      /^This version is on the sandbox gateway: no gift made on it is paid/,
    );
    expect(versionSection('Version 1').querySelector('.note')).toBeNull();
  });

  it('shows a value from the records as text, never as HTML', () => {
    const page = drawn();
    expect(page.querySelector('img')).toBeNull();
    expect(rowsOf('Where visitors came from')[2]?.[0]).toBe(HOSTILE);
    // Cut to fit beside the chart, as text all the same.
    expect([...page.querySelectorAll('svg text')].some((text) => text.textContent === `${HOSTILE.slice(0, 19)}…`)).toBe(true);
  });
});
