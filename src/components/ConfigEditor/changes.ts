/**
 * What publishing a config would change on the endpoint, option by option, in the names the editor shows
 * ("Amounts › One-off › Handles: 35, 60, 120 → 35, 60, 150"), and the experiment and visitor setting a published form
 * keeps beside them, in words. An option a config leaves out counts as its default. No line is ever raw JSON.
 */
import {componentConfig, withChanges, type Experiment} from '../../coral/contract';
import type {OptionNode} from '../../coral/shared/docs';
import {isRecord, sameValue, withKey, type Config} from './model';

/** One option that differs: `before` absent when the option is new, `after` absent when it goes; `said` for a line in words of its own. */
export type Change = {label: string; before?: string; after?: string; said?: string};

const LONGEST = 80;

const shortened = (text: string) => (text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text);

const isScalar = (value: unknown) => !isRecord(value) && !Array.isArray(value);

/**
 * A value as a line of text: a list's items by commas, an item by its first value and the rest in brackets, and an
 * object of objects by its keys.
 */
export function shown(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '(empty)' : shortened(value);
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : shortened(value.map(shown).join(', '));
  if (isRecord(value)) {
    const scalars = Object.values(value).filter(isScalar);
    if (scalars.length === 0) {
      const entries = Object.entries(value);
      return entries.length === 0 ? '(none)' : shortened(entries.map(([key, inner]) => `${key}: ${shown(inner)}`).join('; '));
    }
    const [first, ...rest] = scalars.map(shown);
    return shortened(rest.length === 0 ? first! : `${first} (${rest.join(', ')})`);
  }
  return String(value);
}

/** The line the panel shows for a change. */
export function changeLine({label, before, after, said}: Change): string {
  if (said !== undefined) return `${label}: ${said}`;
  if (before === undefined) return `${label}: added (${after})`;
  if (after === undefined) return `${label}: removed (was ${before})`;
  return `${label}: ${before} → ${after}`;
}

const joined = (prefix: string, title: string) => (prefix === '' ? title : `${prefix} › ${title}`);

function changesOf(nodes: readonly OptionNode[], before: unknown, after: unknown, prefix: string): Change[] {
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const known = new Set(nodes.map((node) => node.key));
  const unknown = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((key) => !known.has(key));
  return [
    ...nodes.flatMap((node) => nodeChanges(node, was[node.key] ?? node.default, now[node.key] ?? node.default, joined(prefix, node.title))),
    ...unknown.flatMap((key) => valueChange(joined(prefix, key), was[key], now[key])),
  ];
}

function valueChange(label: string, before: unknown, after: unknown): Change[] {
  if (sameValue(before, after)) return [];
  if (before === undefined) return [{label, after: shown(after)}];
  if (after === undefined) return [{label, before: shown(before)}];
  return [{label, before: shown(before), after: shown(after)}];
}

function nodeChanges(node: OptionNode, before: unknown, after: unknown, label: string): Change[] {
  if (sameValue(before, after)) return [];
  // A group set on one side only: its options one by one, the other side's each at its default.
  const groupOrNone = (value: unknown) => value === undefined || isRecord(value);
  if (node.kind === 'group' && groupOrNone(before) && groupOrNone(after)) return changesOf(node.children, before, after, label);
  if (before === undefined || after === undefined) return valueChange(label, before, after);
  if (node.kind === 'union' && isRecord(before) && isRecord(after) && before[node.discriminator] === after[node.discriminator]) {
    // The same shape: its options one by one (the discriminator, the same on both sides, counts as an unchanged key).
    const variant = node.variants.find((candidate) => candidate.value === after[node.discriminator]);
    if (variant) return changesOf(variant.children, before, after, label);
  }
  return valueChange(label, before, after);
}

/** Every option a config sets, each as added: what version 1 of a form will hold. */
function addedOf(nodes: readonly OptionNode[], config: Config, prefix: string): Change[] {
  return Object.entries(config).flatMap(([key, value]) => {
    const node = nodes.find((candidate) => candidate.key === key);
    const label = joined(prefix, node?.title ?? key);
    if (node?.kind === 'group' && isRecord(value)) return addedOf(node.children, value, label);
    if (node?.kind === 'union' && isRecord(value)) {
      const variant = node.variants.find((candidate) => candidate.value === value[node.discriminator]);
      if (variant) {
        return [
          ...valueChange(joined(label, node.discriminatorTitle), undefined, value[node.discriminator]),
          ...addedOf(variant.children, withKey(value, node.discriminator, undefined), label),
        ];
      }
    }
    return valueChange(label, undefined, value);
  });
}

/** Every option `after` gives differently from `before` (null: nothing published yet, so every option set is new). */
export function configChanges(tree: readonly OptionNode[], before: Config | null, after: Config): Change[] {
  return before === null ? addedOf(tree, after, '') : changesOf(tree, before, after, '');
}

const VISITOR = 'Visitor id kept in';
const VISITOR_STORES: Record<string, string> = {tab: 'the tab’s session', browser: 'the browser’s storage'};
const storeOf = (value: unknown) => VISITOR_STORES[String(value)] ?? shown(value);

const EXPERIMENT = 'Experiment';
const METRICS: Record<string, string> = {
  'revenue-per-visitor': 'revenue per visitor',
  'gifts-per-visitor': 'gifts per visitor',
  'signatures-per-visitor': 'signatures per visitor',
};

const inList = (items: readonly string[]) => new Intl.ListFormat('en-AU', {type: 'conjunction'}).format(items);

/** An experiment's variants by id, each with its share of visitors when they are not shared evenly. */
function variantsOf({variants}: Experiment): string {
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  const even = variants.every((variant) => variant.weight === variants[0]!.weight);
  return inList(variants.map(({id, weight}) => (even ? id : `${id} (${Math.round((weight / total) * 100)} %)`)));
}

/** An experiment in a phrase: “higher-asks-eofy” with variants control and higher-asks, and how it is decided if it says. */
function experimentNamed(experiment: Experiment): string {
  const metric = experiment.metric === undefined ? '' : `, decided on ${METRICS[experiment.metric] ?? experiment.metric}`;
  const lift = experiment.smallestLiftPercent === undefined ? '' : `, for a lift of ${experiment.smallestLiftPercent} % or more`;
  return `“${experiment.id}” with variants ${variantsOf(experiment)}${metric}${lift}`;
}

/** What each variant shows differently from the rest of the config, option by option: the control with no changes, none. */
function variantLines(tree: readonly OptionNode[], experiment: Experiment, base: Config, before?: Experiment): Change[] {
  return experiment.variants.flatMap(({id, changes}) => {
    const was = before?.variants.find((variant) => variant.id === id)?.changes ?? {};
    const from = before === undefined ? base : withChanges(base, was);
    return configChanges(tree, from, withChanges(base, changes)).map((change) => ({
      ...change,
      label: joined(`${EXPERIMENT} › ${id}`, change.label),
    }));
  });
}

function experimentChanges(tree: readonly OptionNode[], was: unknown, now: unknown, base: Config): Change[] {
  const before = isRecord(was) ? (was as Experiment) : undefined;
  const after = isRecord(now) ? (now as Experiment) : undefined;
  if (sameValue(before, after)) return [];
  if (after === undefined) return [{label: EXPERIMENT, said: `removed ${experimentNamed(before!)}`}];
  if (before === undefined) return [{label: EXPERIMENT, said: `added ${experimentNamed(after)}`}, ...variantLines(tree, after, base)];
  if (before.id !== after.id) {
    return [{label: EXPERIMENT, before: experimentNamed(before), after: experimentNamed(after)}, ...variantLines(tree, after, base)];
  }
  const inWords = (label: string, from: string, to: string) =>
    from === to ? [] : [{label: `${EXPERIMENT} › ${label}`, before: from, after: to}];
  const metricOf = (experiment: Experiment) =>
    experiment.metric === undefined ? 'the default' : (METRICS[experiment.metric] ?? experiment.metric);
  const liftOf = (experiment: Experiment) =>
    experiment.smallestLiftPercent === undefined ? 'the default' : `${experiment.smallestLiftPercent} %`;
  return [
    ...inWords('Variants', variantsOf(before), variantsOf(after)),
    ...inWords('Decided on', metricOf(before), metricOf(after)),
    ...inWords('Smallest lift worth finding', liftOf(before), liftOf(after)),
    ...variantLines(tree, after, base, before),
  ];
}

/**
 * What publishing `after` changes from the published `before` (null: a new form), a published form's own keys
 * (`experiment`, `visitor`) included: the component's options first, then the visitor setting and the experiment,
 * each variant by what it shows differently from the rest.
 */
export function publishChanges(tree: readonly OptionNode[], before: Config | null, after: Config): Change[] {
  const base = componentConfig(after);
  const visitor =
    before === null
      ? after.visitor === undefined
        ? []
        : [{label: VISITOR, after: storeOf(after.visitor)}]
      : valueChange(VISITOR, storeOf(before.visitor ?? 'tab'), storeOf(after.visitor ?? 'tab'));
  return [
    ...configChanges(tree, before === null ? null : componentConfig(before), base),
    ...visitor,
    ...experimentChanges(tree, before?.experiment, after.experiment, base),
  ];
}

/** A published form's own keys in words, for a note: the experiment “x” with variants a and b; the visitor id kept in … */
export function keptInWords(kept: {experiment?: Experiment; visitor?: string}): string {
  const parts = [
    ...(kept.experiment ? [`the experiment ${experimentNamed(kept.experiment)}`] : []),
    ...(kept.visitor ? [`the visitor id kept in ${storeOf(kept.visitor)}`] : []),
  ];
  return parts.join('; ');
}
