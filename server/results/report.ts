/**
 * One form's results as the page shows them: a section each for its days, each version's funnel and experiment,
 * the amounts chosen and the sources, every chart (Observable Plot, drawn in `currentColor`, so dark mode follows)
 * with a table of the same figures beside it.
 */
import * as Plot from '@observablehq/plot';
import type {ResultsAnswer, VariantResult, VersionResult} from '../../src/coral/contract';
import {count, element, money, orDash, pair, percent, section, table} from './dom';
import {metricName, planSentence} from './plan';

type Drawn = {width: number};

/**
 * A chart as one image with its name: Plot names each of its marks' groups too, which is no name a group may have,
 * and the table beside the chart reads its figures out better than the shapes would.
 */
function chartOf(options: Plot.PlotOptions): SVGSVGElement | HTMLElement {
  // Labels readable on a phone: Plot's own 10 px is too small.
  const chart = Plot.plot({style: {fontSize: '13px'}, ...options});
  chart.setAttribute('role', 'img');
  for (const named of chart.querySelectorAll('[aria-label], [aria-description]')) {
    named.removeAttribute('aria-label');
    named.removeAttribute('aria-description');
  }
  return chart;
}

/** A variant's name on the page: the version's only one, where it has no experiment, is all its visitors. */
const variantName = (variant: string): string => (variant === '' ? 'All visitors' : variant);

const isDonate = (results: ResultsAnswer): boolean => results.component === 'donate-form';

/** A bar for each of `rows`, one below the other, named by its `y` and as long as its `x`. */
function horizontalBars<T extends object>(
  caption: string,
  rows: readonly T[],
  bars: {x: keyof T & string; y: keyof T & string; label: string; marginLeft: number; tickFormat?: (name: string) => string},
  {width}: Drawn,
): Element {
  const {x, y, label, marginLeft, tickFormat} = bars;
  return chartOf({
    width,
    height: 60 + 28 * rows.length,
    ariaLabel: described(caption),
    marginLeft,
    x: {grid: true, label},
    y: {label: null, domain: rows.map((row) => String(row[y])), ...(tickFormat ? {tickFormat} : {})},
    marks: [Plot.barX(rows, {x, y, fill: 'currentColor', fillOpacity: 0.7}), Plot.ruleX([0])],
  });
}

/** What a chart says it is to a screen reader: the table beside it has its figures. */
const described = (what: string) => `${what}. The table beside this chart has the same figures.`;

/** What a chart with nothing to draw says instead. */
const nothingYet = (what: string): HTMLElement => element('p', what, {class: 'empty'});

function days(results: ResultsAnswer, {width}: Drawn): HTMLElement {
  const donate = isDonate(results);
  const caption = donate ? 'Gifts and amount raised by day' : 'Signatures by day';
  const raised = results.days.map((day) => ({...day, raised: day.raisedCents / 100}));
  // A tick for every day while they fit, then every few: a band per day keeps one day as wide as any other.
  const every = Math.ceil(raised.length / Math.max(1, Math.floor(width / 56)));
  const chart = chartOf({
    width,
    height: 240,
    ariaLabel: described(caption),
    marginLeft: 56,
    x: {
      type: 'band',
      label: null,
      ticks: raised.filter((_, i) => i % every === 0).map((day) => day.day),
      tickFormat: (day: string) => day.slice(5),
    },
    y: donate
      ? {
          grid: true,
          label: `Raised (${results.currency?.toUpperCase() ?? ''})`,
          tickFormat: (value: number) => money(value * 100, results.currency).replace(/\.00$/, ''),
        }
      : {grid: true, label: 'Signatures', tickFormat: (value: number) => count(value)},
    marks: [Plot.barY(raised, {x: 'day', y: donate ? 'raised' : 'signatures', fill: 'currentColor', fillOpacity: 0.7}), Plot.ruleY([0])],
  });
  const rows = results.days.map((day) =>
    donate
      ? [day.day, count(day.visitors), count(day.gifts), money(day.raisedCents, results.currency)]
      : [day.day, count(day.visitors), count(day.signatures)],
  );
  const columns = donate ? ['Day (UTC)', 'Visitors', 'Gifts', 'Raised'] : ['Day (UTC)', 'Visitors', 'Signatures'];
  const nothing = results.days.every((day) => (donate ? day.raisedCents === 0 : day.signatures === 0));
  const shown = nothing
    ? nothingYet(
        donate
          ? 'Nothing raised yet: each day’s gifts are drawn here once a payment is paid.'
          : 'No signature yet: each day’s signatures are drawn here.',
      )
    : chart;
  return section(caption, [pair(shown, table(caption, columns, rows))]);
}

const STAGES = (donate: boolean) => ['Visitors', 'Starts', 'Submits', donate ? 'Gifts' : 'Signatures'] as const;

const stagesOf = (variant: VariantResult, donate: boolean): number[] => [
  variant.visitors,
  variant.starts,
  variant.submits,
  donate ? variant.gifts : variant.signatures,
];

/** A note on a version whose gifts or signatures go to the sandbox, so none of them is real. */
const sandboxNote = (version: VersionResult, donate: boolean): HTMLElement[] =>
  version.sandbox
    ? [
        element(
          'p',
          `This version is on the sandbox gateway: ${donate ? 'no gift made on it is paid, so it counts no gift' : 'its signatures stay in the visitor’s browser and are not recorded'}. Publish it with a real gateway to take them.`,
          {class: 'note'},
        ),
      ]
    : [];

function funnel(version: VersionResult, donate: boolean, {width}: Drawn): HTMLElement {
  const stages = STAGES(donate);
  const caption = `Version ${version.version}: visitors to ${donate ? 'gifts' : 'signatures'}, by variant`;
  const rows = version.variants.map((variant) => [variantName(variant.variant), ...stagesOf(variant, donate).map(count)]);
  if (version.variants.every((variant) => variant.visitors === 0)) {
    return section(
      caption,
      [
        ...sandboxNote(version, donate),
        pair(
          nothingYet('No visitor has seen this version yet: its funnel is drawn here once one has.'),
          table(caption, ['Variant', ...stages], rows),
        ),
      ],
      'h3',
    );
  }
  const data = version.variants.flatMap((variant) =>
    stagesOf(variant, donate).map((value, i) => ({variant: variantName(variant.variant), stage: stages[i]!, value})),
  );
  const chart = chartOf({
    width,
    height: 80 + 36 * data.length,
    ariaLabel: described(caption),
    marginLeft: 72,
    marginRight: 88,
    x: {grid: true, label: 'People'},
    y: {label: null, domain: [...stages]},
    fy: {label: null},
    marks: [
      Plot.barX(data, {x: 'value', y: 'stage', fy: 'variant', fill: 'currentColor', fillOpacity: 0.7}),
      Plot.text(data, {x: 'value', y: 'stage', fy: 'variant', text: (d: {value: number}) => count(d.value), dx: 4, textAnchor: 'start'}),
      Plot.ruleX([0]),
    ],
  });
  return section(caption, [...sandboxNote(version, donate), pair(chart, table(caption, ['Variant', ...stages], rows))], 'h3');
}

/** The metric's value: money per visitor, or a share of visitors. */
const metricText = (version: VersionResult, currency: string | null) => (value: number) =>
  version.metric === 'revenue-per-visitor' ? money(value, currency) : percent(value);

const OUTCOMES = {better: 'Better', worse: 'Worse', alike: 'Alike', undecided: 'Not decided'} as const;

/** The metric's name in the table, with the cap the comparison puts on each gift. */
function metricColumn(version: VersionResult, currency: string | null): string {
  const name = metricName(version.metric);
  const capital = name[0]!.toUpperCase() + name.slice(1);
  return version.capCents === null ? capital : `${capital}, each gift up to ${money(version.capCents, currency)}`;
}

/** The plan, and how far the experiment has come against it. */
function planned(version: VersionResult): HTMLElement[] {
  const plan = version.plan;
  if (plan === null) return [];
  const count = (n: number) => new Intl.NumberFormat('en').format(n);
  const so = version.variants.map((variant) => {
    const needed = plan.visitors.find((each) => each.variant === variant.variant)?.visitors ?? 0;
    return `${variantName(variant.variant)} ${count(variant.visitors)} of ${count(needed)}`;
  });
  const day = version.days === null ? 'No visitor yet.' : `Day ${count(version.days + 1)} of about ${count(plan.days)}.`;
  return [
    element('p', [element('strong', 'Plan: '), document.createTextNode(planSentence(plan))]),
    element('p', [element('strong', 'Progress: '), document.createTextNode(`${day} Visitors so far: ${so.join(', ')}.`)]),
  ];
}

function experiment(version: VersionResult, currency: string | null, {width}: Drawn): HTMLElement[] {
  if (version.experiment === null) return [];
  const format = metricText(version, currency);
  const metric = metricName(version.metric);
  const caption = `Version ${version.version}, experiment “${version.experiment}”: ${metric} against the control`;
  const compared = version.variants.flatMap((variant) => (variant.vsControl ? [{variant: variant.variant, ...variant.vsControl}] : []));
  const chart = chartOf({
    width,
    height: 60 + 40 * compared.length,
    ariaLabel: described(caption),
    marginLeft: 96,
    x: {grid: true, label: `Difference in ${metric} (always-valid 95% interval)`, tickFormat: format},
    y: {label: null},
    marks: [
      Plot.ruleX([0]),
      Plot.link(compared, {x1: 'low', x2: 'high', y1: 'variant', y2: 'variant', stroke: 'currentColor', strokeWidth: 2}),
      Plot.dot(compared, {x: 'difference', y: 'variant', fill: 'currentColor', r: 4}),
    ],
  });
  const money = version.metric === 'revenue-per-visitor';
  const rows = version.variants.map((variant, i) => [
    variantName(variant.variant),
    count(variant.visitors),
    count(version.metric === 'signatures-per-visitor' ? variant.signatures : variant.gifts),
    orDash(variant.metricValue, format),
    ...(money ? [orDash(variant.revenuePerVisitorCents, format)] : []),
    i === 0
      ? 'Control'
      : variant.vsControl === null
        ? '–'
        : `${format(variant.vsControl.difference)} (${format(variant.vsControl.low)} to ${format(variant.vsControl.high)})`,
    i === 0 ? '–' : OUTCOMES[variant.vsControl?.outcome ?? 'undecided'],
  ]);
  const columns = [
    'Variant',
    'Visitors',
    version.metric === 'signatures-per-visitor' ? 'Signatures' : 'Gifts',
    metricColumn(version, currency),
    ...(money ? ['Revenue per visitor, uncapped'] : []),
    'Difference (always-valid 95% interval)',
    'Outcome',
  ];
  const broken = version.srm?.broken
    ? [
        element(
          'p',
          `Warning: the visitors did not split between the variants as their weights say (sample-ratio check, p = ${version.srm.pValue.toPrecision(2)}). Something other than chance sent them; find out what before trusting these figures.`,
          {class: 'alert', role: 'alert'},
        ),
      ]
    : [];
  return [
    section(
      `Version ${version.version}: experiment “${version.experiment}”`,
      [
        ...broken,
        element('p', version.verdict ?? 'Not enough visitors yet to say anything.', {class: 'verdict'}),
        ...planned(version),
        table(caption, columns, rows),
        compared.length > 0
          ? element('div', [chart], {class: 'chart'})
          : element('p', 'The comparison with the control is drawn here once both have visitors who gave.'),
      ],
      'h3',
    ),
  ];
}

function amounts(results: ResultsAnswer, drawn: Drawn): HTMLElement[] {
  if (!isDonate(results) || results.amounts.length === 0) return [];
  const caption = 'Amounts chosen';
  const labelled = results.amounts.map((amount) => ({
    ...amount,
    label: `${money(amount.amountCents, results.currency)} ${amount.frequency}`,
  }));
  const chart = horizontalBars(caption, labelled, {x: 'gifts', y: 'label', label: 'Gifts', marginLeft: 120}, drawn);
  const rows = results.amounts.map((amount) => [money(amount.amountCents, results.currency), amount.frequency, count(amount.gifts)]);
  return [section(caption, [pair(chart, table(caption, ['Amount', 'Frequency', 'Gifts'], rows))])];
}

/** A long name cut to fit beside a chart; the table has it whole. */
const shortened = (name: string): string => (name.length > 22 ? `${name.slice(0, 21)}…` : name);

/** A source's name: its code, and its utm values where it has them. */
const sourceName = (source: ResultsAnswer['sources'][number]): string =>
  [source.source, source.utmSource, source.utmMedium, source.utmCampaign].filter((part) => part !== '').join(' / ') || '(none)';

function sources(results: ResultsAnswer, drawn: Drawn): HTMLElement[] {
  if (results.sources.length === 0) return [];
  const donate = isDonate(results);
  const caption = 'Where visitors came from';
  const named = results.sources.map((source) => ({...source, name: sourceName(source)}));
  const chart = horizontalBars(
    caption,
    named,
    {x: 'visitors', y: 'name', label: 'Visitors', marginLeft: 140, tickFormat: shortened},
    drawn,
  );
  const rows = results.sources.map((source) => [
    source.source || '(none)',
    source.utmSource,
    source.utmMedium,
    source.utmCampaign,
    count(source.visitors),
    ...(donate ? [count(source.gifts), money(source.raisedCents, results.currency)] : [count(source.signatures)]),
  ]);
  const columns = ['Source', 'utm_source', 'utm_medium', 'utm_campaign', 'Visitors', ...(donate ? ['Gifts', 'Raised'] : ['Signatures'])];
  return [section(caption, [pair(chart, table(caption, columns, rows))])];
}

/** The whole report for one form, charts `width` pixels wide at most. */
export function report(results: ResultsAnswer, width: number): HTMLElement[] {
  const drawn = {width};
  const donate = isDonate(results);
  const versions = [...results.versions].sort((a, b) => b.version - a.version);
  return [
    days(results, drawn),
    section(
      'Versions and experiments',
      versions.flatMap((version) => [funnel(version, donate, drawn), ...experiment(version, results.currency, drawn)]),
    ),
    ...amounts(results, drawn),
    ...sources(results, drawn),
  ];
}
