/**
 * The rows of a component's generated config reference, read from its zod
 * schema and its options' descriptions. Docs-only: kept apart from parsing so
 * forms do not carry it.
 */
import type * as zod from 'zod/mini';
import {type ParseResult} from '../config';
import {describeError} from '../configErrors';
import {optionTree, type JsonSchema, type OptionDocs, type OptionNode} from './schemaTree';

/** A row of the generated config reference. */
export type ReferenceRow = {key: string; type: string; default?: string; required: boolean; description: string};

function typeName(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return union.map(typeName).join(' | ');
  if (schema.type === 'array' && schema.items) {
    const inner = typeName(schema.items);
    return inner.includes('|') ? `(${inner})[]` : `${inner}[]`;
  }
  if (schema.type === 'object' && schema.properties) {
    // A discriminating constant is worth showing: {type: "http", endpoint, timeoutMs}.
    const parts = Object.entries(schema.properties).map(([key, value]) =>
      value.const !== undefined ? `${key}: ${JSON.stringify(value.const)}` : key,
    );
    return `{${parts.join(', ')}}`;
  }
  if (schema.type === 'integer') return 'whole number';
  return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
}

/**
 * Rows for every documented option. Objects that only group options are
 * flattened into dotted keys; arrays of objects and unions are shown as one row.
 */
export function referenceRows(schema: zod.ZodMiniType, docs: OptionDocs): ReferenceRow[] {
  const rows: ReferenceRow[] = [];
  const walk = (nodes: readonly OptionNode[], prefix: string) => {
    for (const node of nodes) {
      const path = prefix ? `${prefix}.${node.key}` : node.key;
      const groups = node.kind === 'group';
      rows.push({
        key: path,
        type: typeName(node.json ?? {}),
        ...(node.default !== undefined && !groups ? {default: JSON.stringify(node.default)} : {}),
        required: node.required,
        description: node.description,
      });
      if (groups) walk(node.children, path);
    }
  };
  walk(optionTree(schema, docs), '');
  return rows;
}

/**
 * Everything a component's docs page reads, in one shape for every component:
 * its options from the schema, its URL parameters, events, dataLayer pushes
 * and messages, and the real error lines for a config with typical mistakes.
 */
export function componentDocs<P extends {name: string}, E extends {name: string}, D extends {event: string}>({
  schema,
  optionDocs,
  parse,
  urlParameters,
  events,
  dataLayer,
  messages,
  badConfig,
}: {
  schema: zod.ZodMiniType;
  optionDocs: OptionDocs;
  parse: (input: unknown) => ParseResult<unknown>;
  urlParameters: readonly P[];
  events: readonly E[];
  dataLayer: readonly D[];
  messages: Readonly<Record<string, string>>;
  badConfig: Record<string, unknown>;
}) {
  const bad = parse(badConfig);
  return {
    options: referenceRows(schema, optionDocs),
    urlParameters,
    events,
    dataLayer,
    messages: Object.entries(messages).map(([key, text]) => ({key, text})),
    badConfig: {config: badConfig, errors: bad.ok ? [] : bad.errors.map(describeError)},
  };
}
