/**
 * A component's config schema as a tree of options, each with its kind,
 * description, default and limits. The docs' config reference and the demos'
 * config editor both walk this tree, so an option added to a schema reaches
 * both with no other change. The descriptions come from the component's
 * `options.ts`, which no bundle imports: the tree is walked at build time and
 * the editor loads it as JSON (src/plugins/configReference.ts).
 */
import * as zod from 'zod/mini';

/** The part of JSON Schema that zod writes for the config schemas. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  default?: unknown;
  title?: string;
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};

type Common = {
  /** The option's own key; '' for a list's item. */
  key: string;
  /** The option's name for a reader who does not read JSON, e.g. "Source code" for `sourceCode`; '' for a list's item. */
  title: string;
  /** The option's JSON Schema; left out of the tree written for the site's pages (`portableTree`). */
  json?: JsonSchema;
  description: string;
  /** The schema's default, when it has one. */
  default?: unknown;
  /** Given by the config itself: the key is required and has no default. */
  required: boolean;
};

export type OptionNode = Common &
  (
    | {kind: 'choice'; values: readonly (string | number)[]}
    | {kind: 'switch'}
    | {kind: 'number'; integer: boolean; min?: number; max?: number; exclusiveMin?: number; exclusiveMax?: number; step?: number}
    | {kind: 'text'; minLength?: number; maxLength?: number}
    | {kind: 'list'; item: OptionNode; minItems?: number; maxItems?: number}
    | {kind: 'group'; children: OptionNode[]}
    | {kind: 'union'; discriminator: string; discriminatorTitle: string; variants: {value: string; children: OptionNode[]}[]}
    | {kind: 'other'}
  );

/** Words a key shortens, or spells as code does, written as a reader writes them. */
const WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    alt: 'alt text',
    amex: 'Amex',
    bsb: 'BSB',
    cvc: 'CVC',
    facebook: 'Facebook',
    id: 'ID',
    mastercard: 'Mastercard',
    max: 'maximum',
    min: 'minimum',
    ms: 'in milliseconds',
    params: 'parameters',
    rg: 'regular giving',
    src: 'image address',
    srcset: 'source set',
    url: 'URL',
    urls: 'URLs',
    utm: 'UTM',
    visa: 'Visa',
    whatsapp: 'WhatsApp',
    x: 'X',
  }),
);

/** Words a key writes apart that a reader joins. */
const JOINED: readonly (readonly [RegExp, string])[] = [
  [/\bthank you\b/g, 'thank-you'],
  [/\bone off\b/g, 'one-off'],
];

/**
 * Titles for the few keys that read badly split into words. A schema can
 * carry its own instead (a `title` in its metadata), which wins over both
 * this and the split.
 */
export const TITLES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    allowOther: 'Other amount',
    dailyDays: 'Days a daily gift runs',
    native: 'Device share sheet',
    rgUpgrade: 'Monthly upgrade ask',
    upgrade: 'Monthly upgrade ask',
  }),
);

/** The words of one part of a key: `directDebitAgreementUrl` is direct, debit, agreement, URL. */
function wordsOf(part: string): string {
  const words = part
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter((word) => word !== '')
    .map((word) => WORDS.get(word.toLowerCase()) ?? (/^[A-Z\d]+$/.test(word) && word.length > 1 ? word : word.toLowerCase()));
  return JOINED.reduce((text, [pattern, joined]) => text.replace(pattern, joined), words.join(' '));
}

/**
 * A key as a reader names it: camelCase split into words, known short forms
 * written out or in capitals, the first letter capital. A dotted key (a
 * message's `submit.one-off`) reads as "Submit: one-off".
 */
export function titleOf(key: string): string {
  const title = TITLES.get(key) ?? key.split('.').map(wordsOf).join(': ');
  return title.charAt(0).toUpperCase() + title.slice(1);
}

const isType = (json: JsonSchema, type: string) => json.type === type || (Array.isArray(json.type) && json.type.includes(type));

/** The key every branch of a union fixes to a constant string, e.g. a gateway's "type". */
function discriminatorOf(branches: JsonSchema[]): string | null {
  const first = branches[0]?.properties ?? {};
  const key = Object.keys(first).find((name) =>
    branches.every((branch) => typeof branch.properties?.[name]?.const === 'string' && (branch.required ?? []).includes(name)),
  );
  return key ?? null;
}

/**
 * What each option means, by its path: `gateway`, `amounts.one-off.handles[].amount`.
 * The shapes of a union share their options' paths (`gateway.endpoint`), so
 * one key a shape has is described once for all of them.
 */
export type OptionDocs = Readonly<Record<string, string>>;

const pathOf = (prefix: string, key: string) => (prefix === '' ? key : `${prefix}.${key}`);

function childrenOf(json: JsonSchema, docs: OptionDocs, prefix: string, skip?: string): OptionNode[] {
  return Object.entries(json.properties ?? {})
    .filter(([key]) => key !== skip)
    .map(([key, child]) => optionOf(key, child, (json.required ?? []).includes(key), docs, pathOf(prefix, key)));
}

/** One option of a schema, from its JSON Schema, described by `docs` at `path`. */
function optionOf(key: string, json: JsonSchema, requiredKey: boolean, docs: OptionDocs, path: string): OptionNode {
  const common: Common = {
    key,
    title: key === '' ? '' : (json.title ?? titleOf(key)),
    json,
    // A list's item is described by its list and its own options, not by itself.
    description: key === '' ? '' : (docs[path] ?? ''),
    ...(json.default !== undefined ? {default: json.default} : {}),
    required: requiredKey && json.default === undefined,
  };
  const branches = json.oneOf ?? json.anyOf;
  if (branches) {
    const discriminator = discriminatorOf(branches);
    if (discriminator === null) return {...common, kind: 'other'};
    return {
      ...common,
      kind: 'union',
      discriminator,
      discriminatorTitle: branches[0]!.properties![discriminator]!.title ?? titleOf(discriminator),
      variants: branches.map((branch) => ({
        value: branch.properties![discriminator]!.const as string,
        children: childrenOf(branch, docs, path, discriminator),
      })),
    };
  }
  if (json.enum && json.enum.every((value) => typeof value === 'string' || typeof value === 'number')) {
    return {...common, kind: 'choice', values: json.enum as (string | number)[]};
  }
  if (isType(json, 'boolean')) return {...common, kind: 'switch'};
  if (isType(json, 'number') || isType(json, 'integer')) {
    const integer = isType(json, 'integer');
    return {
      ...common,
      kind: 'number',
      integer,
      ...(json.minimum !== undefined ? {min: json.minimum} : {}),
      ...(json.maximum !== undefined ? {max: json.maximum} : {}),
      ...(json.exclusiveMinimum !== undefined ? {exclusiveMin: json.exclusiveMinimum} : {}),
      ...(json.exclusiveMaximum !== undefined ? {exclusiveMax: json.exclusiveMaximum} : {}),
      ...(json.multipleOf !== undefined ? {step: json.multipleOf} : integer ? {step: 1} : {}),
    };
  }
  if (isType(json, 'string')) {
    return {
      ...common,
      kind: 'text',
      ...(json.minLength !== undefined ? {minLength: json.minLength} : {}),
      ...(json.maxLength !== undefined ? {maxLength: json.maxLength} : {}),
    };
  }
  if (isType(json, 'array') && json.items) {
    return {
      ...common,
      kind: 'list',
      item: optionOf('', json.items, true, docs, `${path}[]`),
      ...(json.minItems !== undefined ? {minItems: json.minItems} : {}),
      ...(json.maxItems !== undefined ? {maxItems: json.maxItems} : {}),
    };
  }
  if (isType(json, 'object') && json.properties) return {...common, kind: 'group', children: childrenOf(json, docs, path)};
  return {...common, kind: 'other'};
}

/** The options of a component's config, in the schema's order, each with its description from `docs`. */
export function optionTree(schema: zod.ZodMiniType, docs: OptionDocs): OptionNode[] {
  const json = zod.toJSONSchema(schema, {io: 'input', unrepresentable: 'any'}) as JsonSchema;
  return childrenOf(json, docs, '');
}

/** The path of every option in the tree that a reader needs told about: all but a list's item and a union's picker, which their own options explain. */
export function optionPaths(nodes: readonly OptionNode[], prefix = ''): string[] {
  return nodes.flatMap((node) => {
    const path = pathOf(prefix, node.key);
    switch (node.kind) {
      case 'group':
        return [path, ...optionPaths(node.children, path)];
      case 'list':
        return [path, ...(node.item.kind === 'group' ? optionPaths(node.item.children, `${path}[]`) : [])];
      case 'union':
        return [path, ...new Set(node.variants.flatMap((variant) => optionPaths(variant.children, path)))];
      default:
        return [path];
    }
  });
}

/** The tree as JSON for a page to load: every option without its JSON Schema, which only the reference's types read. */
export const portableTree = (schema: zod.ZodMiniType, docs: OptionDocs): string =>
  JSON.stringify(optionTree(schema, docs), (key, value: unknown) => (key === 'json' ? undefined : value));
