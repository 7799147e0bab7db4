/**
 * The config editor's rules, with no view: what a control shows when the
 * config leaves an option out, what a new list item or union shape starts
 * as, and the config trimmed to what differs from the schema's defaults.
 */
import type {OptionNode} from '../../coral/shared/docs';

export type Config = Record<string, unknown>;

export const isRecord = (value: unknown): value is Config => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The same JSON value: objects compared key by key, whatever their order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
  }
  return false;
}

/** An object with `key` set to `value`, or without it when `value` is undefined. Defined, so "__proto__" stays a plain key. */
export function withKey(object: unknown, key: string, value: unknown): Config {
  const next: Config = {};
  for (const [name, inner] of Object.entries(isRecord(object) ? object : {})) {
    if (name !== key) Object.defineProperty(next, name, {value: inner, enumerable: true, writable: true, configurable: true});
  }
  if (value !== undefined) Object.defineProperty(next, key, {value, enumerable: true, writable: true, configurable: true});
  return next;
}

/** A list with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** What a required option starts as when the editor creates it: the smallest value its schema takes, or empty text. */
export function starterFor(node: OptionNode): unknown {
  if (node.default !== undefined) return structuredClone(node.default);
  switch (node.kind) {
    case 'text':
      return '';
    case 'number':
      return node.min ?? (node.exclusiveMin !== undefined ? node.exclusiveMin + (node.step ?? 1) : 0);
    case 'switch':
      return false;
    case 'choice':
      return node.values[0];
    case 'list':
      return [];
    case 'group':
      return starterOf(node.children);
    case 'union':
      return variantStarter(node, node.variants[0]!.value);
    case 'other':
      return null;
  }
}

/** An object holding a starter for each required option, and no other. */
function starterOf(children: readonly OptionNode[]): Config {
  let value: Config = {};
  for (const child of children) if (child.required) value = withKey(value, child.key, starterFor(child));
  return value;
}

/** A union's shape `value` with its required options started. */
export function variantStarter(node: OptionNode & {kind: 'union'}, value: string): Config {
  const variant = node.variants.find((candidate) => candidate.value === value);
  return {[node.discriminator]: value, ...starterOf(variant?.children ?? [])};
}

/** A new item for a list: a copy of its last item when it has one (a new handle starts like its neighbour), else a starter. */
export function newItem(node: OptionNode & {kind: 'list'}, list: readonly unknown[]): unknown {
  return list.length > 0 ? structuredClone(list.at(-1)) : starterFor(node.item);
}

function trimmed(node: OptionNode, value: unknown): unknown {
  if (node.kind === 'group' && isRecord(value)) return withoutDefaults(node.children, value);
  if (node.kind === 'union' && isRecord(value)) {
    const variant = node.variants.find((candidate) => candidate.value === value[node.discriminator]);
    if (!variant) return value;
    return {
      [node.discriminator]: value[node.discriminator],
      ...withoutDefaults(variant.children, withKey(value, node.discriminator, undefined)),
    };
  }
  if (node.kind === 'list' && Array.isArray(value)) return value.map((item) => trimmed(node.item, item));
  return value;
}

/**
 * The config with every option that only repeats its schema's default left
 * out, and every group left empty by that: what a producer needs to copy.
 * Required options and keys the schema does not know stay as they are.
 */
export function withoutDefaults(nodes: readonly OptionNode[], config: Config): Config {
  let out: Config = {};
  for (const [key, value] of Object.entries(config)) {
    const node = nodes.find((candidate) => candidate.key === key);
    if (!node) {
      out = withKey(out, key, value);
      continue;
    }
    const inner = trimmed(node, value);
    const empty = node.kind === 'group' && isRecord(inner) && Object.keys(inner).length === 0 && isRecord(node.default);
    const repeatsDefault = node.default !== undefined && sameValue(inner, trimmed(node, node.default));
    if (!node.required && (empty || repeatsDefault)) continue;
    out = withKey(out, key, inner);
  }
  return out;
}
