/**
 * One form's results as the page shows them: a section each for its days, each version (its experiment's verdict,
 * plan, progress and comparison, and its funnel), a petition's signatures by country, the amounts chosen and the sources; every chart (Observable Plot,
 * drawn in `currentColor`, so dark mode follows) with a table of the same figures beside it, and a sentence in place
 * of a chart with nothing to draw.
 */
import * as Plot from '@observablehq/plot';
import type {ResultsAnswer, VariantResult, VersionResult} from '../../src/coral/contract';
import {countryName} from '../../src/coral/contract/library';
import {chart, count, element, LOCALE, money, orDash, pair, percent, section, table, type Cell, type Column} from './dom';
import {metricName, planSentence, REGULAR_VALUE} from './plan';

/**
 * A chart as one image with its name: Plot names each of its marks' groups too, which is no name a group may have,
 * and the table beside the chart reads its figures out better than the shapes would.
 */
function chartOf(options: Plot.PlotOptions): SVGSVGElement | HTMLElement {
  // Labels readable on a phone: Plot's own 10 px is too small.
  const drawn = Plot.plot({style: {fontSize: '13px'}, ...options});
  drawn.setAttribute('role', 'img');
  for (const named of drawn.querySelectorAll('[aria-label], [aria-description]')) {
    named.removeAttribute('aria-label');
    named.removeAttribute('aria-description');
  }
  return drawn;
}

/** Every whole number up to `most` as a tick while there are few, so a count of people never reads 0.5. */
const wholeTicks = (most: number): {ticks?: number[]; tickFormat: (value: number) => string} => ({
  tickFormat: count,
  ...(most <= 10 ? {ticks: Array.from({length: Math.max(1, Math.ceil(most)) + 1}, (_, i) => i)} : {}),
});

/** A bar's colour: the text's, lighter, so dark mode follows; its figure beside it is kept off it by a halo of the page. */
const BAR = {fill: 'currentColor', fillOpacity: 0.7} as const;
const HALO = {stroke: 'var(--bg)', strokeWidth: 3, paintOrder: 'stroke'} as const;

/** A variant's name on the page: the version's only one, where it has no experiment, is all its visitors. */
const variantName = (variant: string): string => (variant === '' ? 'All visitors' : variant);

const isDonate = (results: ResultsAnswer): boolean => results.component === 'donate-form';

/** A bar for each of `rows`, one below the other, named by its `y` and as long as its `x`. */
function horizontalBars<T extends object>(
  caption: string,
  rows: readonly T[],
  bars: {x: keyof T & string; y: keyof T & string; label: string; marginLeft: number; tickFormat?: (name: string) => string},
): (width: number) => Element {
  const {x, y, label, marginLeft, tickFormat} = bars;
  const most = Math.max(0, ...rows.map((row) => Number(row[x])));
  return (width) =>
    chartOf({
      width,
      height: 60 + 28 * rows.length,
      ariaLabel: described(caption),
      marginLeft,
      x: {grid: true, label, ...wholeTicks(most)},
      y: {label: null, domain: rows.map((row) => String(row[y])), ...(tickFormat ? {tickFormat} : {})},
      marks: [Plot.barX(rows, {x, y, ...BAR}), Plot.ruleX([0])],
    });
}

/** What a chart says it is to a screen reader: the table beside it has its figures. */
const described = (what: string) => `${what}. The table beside this chart has the same figures.`;

/** What a chart with nothing to draw says instead. */
const nothingYet = (what: string): HTMLElement => element('p', what, {class: 'empty'});

/** Money on an axis: whole amounts without their cents. */
const axisMoney = (currency: string | null) => (value: number) => money(value * 100, currency).replace(/\.00$/, '');

/** The widest a day's bar is drawn, in pixels. */
const DAY_BAR_MOST = 48;

function days(results: ResultsAnswer, width: number): HTMLElement {
  const donate = isDonate(results);
  const caption = donate ? 'Gifts and amount raised by day' : 'Signatures by day';
  const raised = results.days.map((day) => ({...day, raised: day.raisedCents / 100}));
  const most = Math.max(0, ...results.days.map((day) => day.signatures));
  const draw = (width: number) => {
    // A tick for every day while they fit, then every few: a band per day keeps one day as wide as any other.
    const every = Math.ceil(raised.length / Math.max(1, Math.floor(width / 64)));
    // A few days' bars no wider than a thumb, not one bar across the whole chart.
    // A band's width, a little under what Plot gives it (its padding of 0.1 each side), so a bar is never narrower.
    const band = (0.8 * (width - 64 - 20)) / (raised.length + 0.1);
    const inset = Math.max(0, (band - DAY_BAR_MOST) / 2);
    return chartOf({
      width,
      height: 240,
      ariaLabel: described(caption),
      marginLeft: 64,
      x: {
        type: 'band',
        label: null,
        ticks: raised.filter((_, i) => i % every === 0).map((day) => day.day),
        tickFormat: (day: string) => day.slice(5),
      },
      y: donate
        ? {
            grid: true,
            label: results.currency === null ? 'Raised' : `Raised (${results.currency.toUpperCase()})`,
            tickFormat: axisMoney(results.currency),
          }
        : {grid: true, label: 'Signatures', ...wholeTicks(most)},
      marks: [
        Plot.barY(raised, {x: 'day', y: donate ? 'raised' : 'signatures', insetLeft: inset, insetRight: inset, ...BAR}),
        Plot.ruleY([0]),
      ],
    });
  };
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
          : 'No signature yet: each day’s signatures are drawn here once a visitor signs.',
      )
    : chart(draw, width);
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

function funnel(version: VersionResult, donate: boolean, width: number): HTMLElement {
  const stages = STAGES(donate);
  const caption = `Version ${version.version}: visitors to ${donate ? 'gifts' : 'signatures'}, by variant`;
  const rows = version.variants.map((variant) => [variantName(variant.variant), ...stagesOf(variant, donate).map(count)]);
  const data = table(caption, ['Variant', ...stages], rows);
  if (version.variants.every((variant) => variant.visitors === 0)) {
    return pair(nothingYet('No visitor has seen this version yet: its funnel is drawn here once one has.'), data);
  }
  const bars = version.variants.flatMap((variant) =>
    stagesOf(variant, donate).map((value, i) => ({variant: variantName(variant.variant), stage: stages[i]!, value})),
  );
  const most = Math.max(...bars.map((bar) => bar.value));
  const draw = (width: number) =>
    chartOf({
      width,
      height: 80 + 36 * bars.length,
      ariaLabel: described(caption),
      marginLeft: 88,
      marginRight: 96,
      x: {grid: true, label: 'People', ...wholeTicks(most)},
      y: {label: null, domain: [...stages]},
      fy: {label: null},
      marks: [
        Plot.barX(bars, {x: 'value', y: 'stage', fy: 'variant', ...BAR}),
        Plot.text(bars, {
          x: 'value',
          y: 'stage',
          fy: 'variant',
          text: (bar: {value: number}) => count(bar.value),
          dx: 6,
          textAnchor: 'start',
          fill: 'currentColor',
          ...HALO,
        }),
        Plot.ruleX([0]),
      ],
    });
  return pair(chart(draw, width), data);
}

/** The metric's value: money per visitor, or a share of visitors. */
const metricText = (version: VersionResult, currency: string | null) => (value: number) =>
  version.metric === 'revenue-per-visitor' ? money(value, currency) : percent(value);

/** A difference in the metric, and its interval, as the verdict words them: money per visitor, or percentage points. */
function differenceText(version: VersionResult, currency: string | null) {
  const revenue = version.metric === 'revenue-per-visitor';
  const points = (share: number) => (share * 100).toFixed(1);
  return {
    difference: (value: number): string => (revenue ? money(value, currency, true) : `${value > 0 ? '+' : ''}${points(value)} points`),
    interval: (low: number, high: number): string =>
      revenue ? `${money(low, currency)} to ${money(high, currency)}` : `${points(low)} to ${points(high)} points`,
    axis: (value: number): string => (revenue ? money(value, currency).replace(/\.00$/, '') : `${points(value).replace(/\.0$/, '')} pts`),
  };
}

const OUTCOMES = {better: 'Better', worse: 'Worse', alike: 'Alike', undecided: 'Not decided yet'} as const;

const capitalised = (text: string): string => text[0]!.toUpperCase() + text.slice(1);

/** The metric's name in the table as the comparison takes it: with the cap on each gift, as the verdict says it. */
function metricColumn(version: VersionResult, currency: string | null): string {
  const name = capitalised(metricName(version.metric));
  if (version.metric !== 'revenue-per-visitor') return name;
  return version.capCents === null
    ? `${name}, as compared`
    : `${name}, each gift up to ${money(version.capCents, currency).replace(/\.00$/, '')}`;
}

/** How the comparison values a gift, under its table: what each is worth when made, and the cap on it. */
function valuedNote(version: VersionResult, currency: string | null): HTMLElement[] {
  if (version.metric !== 'revenue-per-visitor') return [];
  const cap =
    version.capCents === null ? '' : `, each at most ${money(version.capCents, currency)} (the 99th percentile of this version’s gifts)`;
  return [
    element(
      'p',
      `Compared by what each gift is worth when it is made: a one-off gift’s amount, a monthly gift’s first ${REGULAR_VALUE.monthly} payments, a weekly gift’s first ${REGULAR_VALUE.weekly}, a daily gift’s days${cap}. Uncapped is what has been paid so far.`,
      {class: 'valued'},
    ),
  ];
}

/** The plan, and how far the experiment has come against it. */
function planned(version: VersionResult): HTMLElement[] {
  const plan = version.plan;
  if (plan === null) return [];
  const so = version.variants.map((variant) => {
    const needed = plan.visitors.find((each) => each.variant === variant.variant)?.visitors ?? 0;
    return `${variantName(variant.variant)} ${count(variant.visitors)} of ${count(needed)}`;
  });
  const day =
    version.days === null
      ? `No visitor yet, of about ${count(plan.days)} days planned.`
      : `Day ${count(version.days + 1)} of about ${count(plan.days)} days planned.`;
  return [
    element('p', [element('strong', 'Plan: '), document.createTextNode(planSentence(plan))], {class: 'plan'}),
    element('p', [element('strong', 'Progress: '), document.createTextNode(`${day} Visitors so far, of those needed: ${so.join('; ')}.`)], {
      class: 'progress',
    }),
  ];
}

/** The row of a variant against the control: its outcome, its difference with the interval, its figures. */
function comparisonRow(version: VersionResult, currency: string | null, variant: VariantResult, control: boolean): Cell[] {
  const format = metricText(version, currency);
  const {difference, interval} = differenceText(version, currency);
  const name = control
    ? [document.createTextNode(variantName(variant.variant)), element('span', 'the control', {class: 'role'})]
    : variantName(variant.variant);
  const vs = variant.vsControl;
  const compared: Cell[] = control
    ? ['—', '—']
    : vs === null
      ? ['Not compared yet', '—']
      : [
          OUTCOMES[vs.outcome],
          [
            element('span', `${difference(vs.difference)}${vs.lift === null ? '' : ` (${percent(vs.lift).replace(/^(?=\d)/, '+')})`}`),
            element('span', interval(vs.low, vs.high), {class: 'detail'}),
          ],
        ];
  return [
    name,
    ...compared,
    orDash(variant.metricValue, format),
    ...(version.metric === 'revenue-per-visitor' ? [orDash(variant.revenuePerVisitorCents, format)] : []),
  ];
}

/** An experiment's verdict, plan and progress, and each variant against the control. */
function experiment(version: VersionResult, currency: string | null, width: number): HTMLElement[] {
  if (version.experiment === null) return [];
  const metric = metricName(version.metric);
  const caption = `Version ${version.version}, experiment “${version.experiment}”: ${metric} against the control`;
  const compared = version.variants.flatMap((variant) => (variant.vsControl ? [{variant: variant.variant, ...variant.vsControl}] : []));
  const {axis} = differenceText(version, currency);
  const draw = (width: number) =>
    chartOf({
      width,
      height: 88 + 40 * compared.length,
      ariaLabel: `${caption}. The table above this chart has the same figures.`,
      marginLeft: 96,
      marginRight: 40,
      marginBottom: 56,
      x: {
        grid: true,
        labelOffset: 48,
        label: 'Difference from the control (always-valid 95% interval)',
        tickFormat: axis,
      },
      y: {label: null},
      marks: [
        Plot.ruleX([0]),
        Plot.link(compared, {x1: 'low', x2: 'high', y1: 'variant', y2: 'variant', stroke: 'currentColor', strokeWidth: 2}),
        Plot.dot(compared, {x: 'difference', y: 'variant', fill: 'currentColor', r: 4}),
      ],
    });
  const columns: Column[] = [
    'Variant',
    {name: 'Outcome', words: true},
    'Difference from the control (always-valid 95% interval)',
    metricColumn(version, currency),
    ...(version.metric === 'revenue-per-visitor' ? ['Revenue per visitor, uncapped'] : []),
  ];
  const rows = version.variants.map((variant, i) => comparisonRow(version, currency, variant, i === 0));
  const broken = version.srm?.broken
    ? [
        element(
          'p',
          `Warning: the visitors did not split between the variants as their weights say (sample-ratio check, p = ${version.srm.pValue.toPrecision(2)}). Something other than chance sent them; find out what before trusting these figures.`,
          {class: 'alert', role: 'alert'},
        ),
      ]
    : [];
  const gave = version.metric === 'signatures-per-visitor' ? 'signed' : 'gave';
  return [
    ...broken,
    element('p', version.verdict ?? 'Not enough visitors yet to say anything.', {
      class: 'verdict',
      ...(version.decision === null ? {} : {'data-decision': version.decision}),
    }),
    ...planned(version),
    table(caption, columns, rows),
    ...valuedNote(version, currency),
    compared.length > 0
      ? chart(draw, width)
      : nothingYet(`The comparison with the control is drawn here once the variants have visitors who ${gave}.`),
  ];
}

/** A version: its experiment first, if it has one, then its funnel. */
function version(version: VersionResult, results: ResultsAnswer, width: number): HTMLElement {
  const heading =
    version.experiment === null ? `Version ${version.version}` : `Version ${version.version}: experiment “${version.experiment}”`;
  return section(
    heading,
    [
      ...sandboxNote(version, isDonate(results)),
      ...experiment(version, results.currency, width),
      funnel(version, isDonate(results), width),
    ],
    'h3',
  );
}

function amounts(results: ResultsAnswer, width: number): HTMLElement[] {
  if (!isDonate(results) || results.amounts.length === 0) return [];
  const caption = 'Amounts chosen';
  const labelled = results.amounts.map((amount) => ({
    ...amount,
    label: `${money(amount.amountCents, results.currency)} ${amount.frequency}`,
  }));
  const draw = horizontalBars(caption, labelled, {x: 'gifts', y: 'label', label: 'Gifts', marginLeft: 136});
  const rows = results.amounts.map((amount) => [money(amount.amountCents, results.currency), amount.frequency, count(amount.gifts)]);
  return [section(caption, [pair(chart(draw, width), table(caption, ['Amount', {name: 'Frequency', words: true}, 'Gifts'], rows))])];
}

/** A long name cut to fit beside a chart; the table has it whole. */
const shortened = (name: string): string => (name.length > 20 ? `${name.slice(0, 19)}…` : name);

type Source = ResultsAnswer['sources'][number];

/** A source's name on the chart: its code, and its utm values where it has them. */
const sourceName = (source: Source): string =>
  [source.source, source.utmSource, source.utmMedium, source.utmCampaign].filter((part) => part !== '').join(' / ') || '(none)';

/** A source in the table: its code, and each utm value it has by its name, one a line. */
function sourceCell(source: Source): Node[] {
  const utm = (
    [
      ['utm_source', source.utmSource],
      ['utm_medium', source.utmMedium],
      ['utm_campaign', source.utmCampaign],
    ] as const
  ).filter(([, value]) => value !== '');
  const code = source.source !== '' ? source.source : utm.length > 0 ? 'No source code' : 'No source code or utm values';
  return [element('span', code), ...utm.map(([name, value]) => element('span', `${name}: ${value}`, {class: 'detail'}))];
}

function sources(results: ResultsAnswer, width: number): HTMLElement[] {
  if (results.sources.length === 0) return [];
  const donate = isDonate(results);
  const caption = 'Where visitors came from';
  const named = results.sources.map((source) => ({...source, name: sourceName(source)}));
  const draw = horizontalBars(caption, named, {x: 'visitors', y: 'name', label: 'Visitors', marginLeft: 160, tickFormat: shortened});
  const rows = results.sources.map((source) => [
    sourceCell(source),
    count(source.visitors),
    ...(donate ? [count(source.gifts), money(source.raisedCents, results.currency)] : [count(source.signatures)]),
  ]);
  const columns = ['Source', 'Visitors', ...(donate ? ['Gifts', 'Raised'] : ['Signatures'])];
  return [section(caption, [pair(chart(draw, width), table(caption, columns, rows))])];
}

/**
 * A petition's signatures by the signer's country, most first: a small table, no chart, since most campaigns have a
 * country or two. Every signature of the campaign the endpoint keeps, on any page, as its live count takes them.
 */
function countries(results: ResultsAnswer): HTMLElement[] {
  if (results.countries === null) return [];
  const caption = 'Signatures by country';
  if (results.countries.length === 0) {
    return [section(caption, [nothingYet('No signature yet: each country’s signatures are counted here once a supporter signs.')])];
  }
  const rows = results.countries.map((each) => [
    each.country === null ? 'Not recorded' : countryName(each.country, LOCALE),
    count(each.signatures),
  ]);
  return [
    section(caption, [
      element('p', `Every signature of campaign “${results.campaign}” this endpoint keeps, made on this form or any other page.`, {
        class: 'note',
      }),
      table(caption, ['Country', 'Signatures'], rows),
      ...(results.countries.some((each) => each.country === null)
        ? [element('p', 'Not recorded: signed before forms asked for a country, or the signer asked to be forgotten.', {class: 'note'})]
        : []),
    ]),
  ];
}

/** The whole report for one form, charts `width` pixels wide at most until `fit` (./dom.ts) fits them to their room. */
export function report(results: ResultsAnswer, width: number): HTMLElement[] {
  const versions = [...results.versions].sort((a, b) => b.version - a.version);
  return [
    days(results, width),
    section(
      'Versions and experiments',
      versions.map((each) => version(each, results, width)),
    ),
    ...countries(results),
    ...amounts(results, width),
    ...sources(results, width),
  ];
}
