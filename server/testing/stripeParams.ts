/**
 * Each Stripe endpoint's parameters, read from the installed `stripe`
 * package's own type definitions with the TypeScript compiler, so the
 * stand-in refuses what the SDK's version of the API does not know: a
 * parameter Stripe drops in a later version breaks a test once the package
 * is updated. A property the types mark optional may be left out; any other
 * is required, as Stripe requires it.
 */
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import ts from 'typescript';
import type {FormValue} from './formBody';

/** One level of parameters: each name with whether it is required and what it holds; `open` takes any key (metadata). */
export type ParamShape = {open: boolean; fields: ReadonlyMap<string, {required: boolean; shape: () => ParamShape | null}>};

/** Where a params interface lives: a file under the package's `esm/resources/`, and the interface's exported name. */
export type ParamsSource = readonly [file: string, name: string];

/** The files the stand-in's endpoints take their parameters from, parsed together in one go. */
const STAND_IN_FILES = [
  'Accounts.d.ts',
  'BillingPortal/Sessions.d.ts',
  'Checkout/Sessions.d.ts',
  'Customers.d.ts',
  'InvoicePayments.d.ts',
  'Invoices.d.ts',
  'PaymentIntents.d.ts',
  'PaymentMethodDomains.d.ts',
  'Products.d.ts',
  'Subscriptions.d.ts',
  'WebhookEndpoints.d.ts',
];

// Resolved from where the tests run (the repository or server/), not from this file: the browser tests' runner loads
// it as CommonJS, where import.meta does not exist.
const resources = join(dirname(createRequire(join(process.cwd(), 'package.json')).resolve('stripe')), '..', 'esm', 'resources');

let program: ts.Program | null = null;
const shapes = new Map<string, ParamShape>();

/** One program over the resource types the stand-in reads, made on first use (parsing them takes seconds) and kept. */
function load(file: string): {checker: ts.TypeChecker; source: ts.SourceFile} {
  const path = join(resources, file);
  if (!program?.getSourceFile(path)) {
    const roots = [...new Set([...(program?.getRootFileNames() ?? []), ...STAND_IN_FILES.map((name) => join(resources, name)), path])];
    // Only these files and the shared types they import are parsed, not every file each one names.
    program = ts.createProgram([join(resources, '..', 'shared.d.ts'), ...roots], {
      noEmit: true,
      noResolve: true,
      skipLibCheck: true,
      types: [],
      lib: ['lib.es5.d.ts'],
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    });
  }
  const source = program.getSourceFile(path);
  if (!source) throw new Error(`the stripe package has no ${path}`);
  return {checker: program.getTypeChecker(), source};
}

/** The object types a property's type may hold (unions opened, arrays to their items, `''` and other scalars left out). */
function objectsIn(checker: ts.TypeChecker, type: ts.Type): ts.Type[] {
  const plain = checker.getNonNullableType(type);
  if (plain.isUnion()) return plain.types.flatMap((member) => objectsIn(checker, member));
  if (checker.isArrayType(plain)) return objectsIn(checker, checker.getTypeArguments(plain as ts.TypeReference)[0]!);
  return plain.flags & ts.TypeFlags.Object ? [plain] : [];
}

function shapeOf(checker: ts.TypeChecker, types: ts.Type[]): ParamShape | null {
  if (types.length === 0) return null;
  const fields = new Map<string, {required: boolean; shape: () => ParamShape | null}>();
  let open = false;
  for (const type of types) {
    if (checker.getIndexInfosOfType(type).length > 0) open = true;
    for (const property of checker.getPropertiesOfType(type)) {
      const required = (property.flags & ts.SymbolFlags.Optional) === 0;
      let nested: ParamShape | null | undefined;
      const shape = () =>
        nested === undefined ? (nested = shapeOf(checker, objectsIn(checker, checker.getTypeOfSymbol(property)))) : nested;
      // Of a union of objects (`boolean | {…}` aside), no member's field is required of the others.
      fields.set(property.name, {required: required && types.length === 1, shape});
    }
  }
  return {open, fields};
}

/** The parameters of one exported params interface, e.g. `['PaymentIntents.d.ts', 'PaymentIntentCreateParams']`. */
export function paramsOf([file, name]: ParamsSource): ParamShape {
  const id = `${file}#${name}`;
  const known = shapes.get(id);
  if (known) return known;
  const {checker, source} = load(file);
  // A dotted name reaches into an exported namespace: `Checkout.SessionCreateParams`.
  const module = checker.getSymbolAtLocation(source);
  const [first = '', ...rest] = name.split('.');
  let exported = module ? checker.getExportsOfModule(module).find((candidate) => candidate.name === first) : undefined;
  for (const part of rest) exported = exported?.exports?.get(ts.escapeLeadingUnderscores(part));
  if (!exported) throw new Error(`the stripe package's ${file} exports no ${name}`);
  const shape = shapeOf(checker, [checker.getDeclaredTypeOfSymbol(exported)]) ?? {open: false, fields: new Map()};
  shapes.set(id, shape);
  return shape;
}

export type ParamProblem = {kind: 'unknown' | 'missing'; param: string};

const entriesOf = (value: FormValue): FormValue[] => (Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : []);

/**
 * The first parameter Stripe would refuse, as Stripe names it (`items[0][price_data][currency]`): an unknown
 * one before a missing one. A list's items are each read against the item's shape.
 */
export function paramProblem(shape: ParamShape, params: Record<string, FormValue>, prefix = ''): ParamProblem | null {
  const named = (name: string) => (prefix === '' ? name : `${prefix}[${name}]`);
  if (!shape.open) {
    for (const name of Object.keys(params)) {
      if (!shape.fields.has(name)) return {kind: 'unknown', param: named(name)};
    }
  }
  for (const [name, field] of shape.fields) {
    const value = params[name];
    if (value === undefined) {
      if (field.required) return {kind: 'missing', param: named(name)};
      continue;
    }
    const nested = typeof value === 'string' ? null : field.shape();
    if (nested === null || typeof value === 'string') continue;
    const items = Array.isArray(value) || Object.keys(value).every((key) => /^\d+$/.test(key)) ? entriesOf(value) : null;
    if (items === null) {
      const problem = paramProblem(nested, value as Record<string, FormValue>, named(name));
      if (problem) return problem;
      continue;
    }
    for (const [i, item] of items.entries()) {
      if (typeof item === 'string' || Array.isArray(item)) continue;
      const problem = paramProblem(nested, item, `${named(name)}[${i}]`);
      if (problem) return problem;
    }
  }
  return null;
}
