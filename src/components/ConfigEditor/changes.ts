/**
 * What publishing a config would change on the endpoint, option by option, in the names the editor shows
 * ("Amounts › One-off › Handles: 35, 60, 120 → 35, 60, 150"). An option a config leaves out counts as its default.
 */
import type {OptionNode} from '../../coral/shared/docs';
import {isRecord, sameValue} from './model';

/** One option that differs: `before` absent when the option is new, `after` absent when it goes. */
export type Change = {label: string; before?: string; after?: string};

const LONGEST = 80;

const shortened = (text: string) => (text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text);

/** A value as a line of text: a list's items by commas, an item by its first value and the rest in brackets. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '(empty)' : shortened(value);
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : shortened(value.map(shown).join(', '));
  if (isRecord(value)) {
    const scalars = Object.values(value).filter((inner) => !isRecord(inner) && !Array.isArray(inner));
    if (scalars.length === 0) return shortened(JSON.stringify(value));
    const [first, ...rest] = scalars.map(shown);
    return shortened(rest.length === 0 ? first! : `${first} (${rest.join(', ')})`);
  }
  return String(value);
}

/** The line the panel shows for a change. */
export function changeLine({label, before, after}: Change): string {
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
  if (before === undefined || after === undefined || sameValue(before, after)) return valueChange(label, before, after);
  if (node.kind === 'group' && isRecord(before) && isRecord(after)) return changesOf(node.children, before, after, label);
  if (node.kind === 'union' && isRecord(before) && isRecord(after) && before[node.discriminator] === after[node.discriminator]) {
    // The same shape: its options one by one (the discriminator, the same on both sides, counts as an unchanged key).
    const variant = node.variants.find((candidate) => candidate.value === after[node.discriminator]);
    if (variant) return changesOf(variant.children, before, after, label);
  }
  return valueChange(label, before, after);
}

/** Every option `after` gives differently from `before` (null: nothing published yet, so every option set is new). */
export function configChanges(
  tree: readonly OptionNode[],
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Change[] {
  if (before === null)
    return Object.keys(after).flatMap((key) => {
      const node = tree.find((candidate) => candidate.key === key);
      return valueChange(node?.title ?? key, undefined, after[key]);
    });
  return changesOf(tree, before, after, '');
}
