/**
 * A component's config schema as a tree of options, each with its kind,
 * description, default and limits. The docs' config reference and the demos'
 * config editor both walk this tree, so an option added to a schema reaches
 * both with no other change. Walked at build time, from the source: the
 * bundles leave the schemas' descriptions out (src/plugins/schemaDescriptions.ts),
 * so the editor loads the tree as JSON (src/plugins/configReference.ts).
 */
import * as z from 'zod/mini';

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
  description?: string;
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
    | {kind: 'union'; discriminator: string; variants: {value: string; children: OptionNode[]}[]}
    | {kind: 'other'}
  );

const isType = (json: JsonSchema, type: string) => json.type === type || (Array.isArray(json.type) && json.type.includes(type));

/** The key every branch of a union fixes to a constant string, e.g. a gateway's "type". */
function discriminatorOf(branches: JsonSchema[]): string | null {
  const first = branches[0]?.properties ?? {};
  const key = Object.keys(first).find((name) =>
    branches.every((branch) => typeof branch.properties?.[name]?.const === 'string' && (branch.required ?? []).includes(name)),
  );
  return key ?? null;
}

function childrenOf(json: JsonSchema, skip?: string): OptionNode[] {
  return Object.entries(json.properties ?? {})
    .filter(([key]) => key !== skip)
    .map(([key, child]) => optionOf(key, child, (json.required ?? []).includes(key)));
}

/** One option of a schema, from its JSON Schema. */
export function optionOf(key: string, json: JsonSchema, requiredKey: boolean): OptionNode {
  const common: Common = {
    key,
    json,
    description: json.description ?? '',
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
      variants: branches.map((branch) => ({
        value: branch.properties![discriminator]!.const as string,
        children: childrenOf(branch, discriminator),
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
      item: optionOf('', json.items, true),
      ...(json.minItems !== undefined ? {minItems: json.minItems} : {}),
      ...(json.maxItems !== undefined ? {maxItems: json.maxItems} : {}),
    };
  }
  if (isType(json, 'object') && json.properties) return {...common, kind: 'group', children: childrenOf(json)};
  return {...common, kind: 'other'};
}

/** The options of a component's config, in the schema's order. */
export function optionTree(schema: z.ZodMiniType): OptionNode[] {
  const json = z.toJSONSchema(schema, {io: 'input', unrepresentable: 'any'}) as JsonSchema;
  return childrenOf(json);
}

/** The tree as JSON for a page to load: every option without its JSON Schema, which only the reference's types read. */
export const portableTree = (schema: z.ZodMiniType): string =>
  JSON.stringify(optionTree(schema), (key, value: unknown) => (key === 'json' ? undefined : value));
