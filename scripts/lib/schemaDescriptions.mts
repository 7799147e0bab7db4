/**
 * The embed build's step that drops the config schemas' descriptions: each
 * `describe(schema, '…')` in src/coral keeps its schema and ships '' as its
 * description, since only the docs pages read descriptions (they are built
 * from the source, not from the embed). A function that only passes a
 * parameter on into a description, such as a schema's
 * `boolean(fallback, description)` or `gatewayConfig(what)`, counts as
 * `describe` too, where it is defined and wherever a module imports it.
 */
import {existsSync, readFileSync, statSync} from 'node:fs';
import {dirname, resolve} from 'node:path';
import MagicString from 'magic-string';
import {parseSync, type Plugin} from 'vite';

/** An ESTree node as oxc gives it: offsets are UTF-16, as in a JS string. */
type Node = {type: string; start: number; end: number; [key: string]: unknown};

/** Which arguments of a function are descriptions, by the name the module calls it by. */
type Describers = Map<string, ReadonlySet<number>>;

type Module = {file: string; code: string; program: Node; describers: Describers; exported: Describers};

/** The function that registers a description, its file and the position of its description argument. */
export type Root = {file: string; name: string; index: number};

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as {type?: unknown}).type === 'string';

/** A node's children, skipping the names that are not references: `a.name`, `{name: a}`. */
function children(node: Node): Node[] {
  const found: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (key === 'property' && node.type === 'MemberExpression' && !node.computed) continue;
    if (key === 'key' && /^(Property|PropertyDefinition|MethodDefinition|TSPropertySignature)$/.test(node.type) && !node.computed) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) if (isNode(item)) found.push(item);
  }
  return found;
}

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const child of children(node)) walk(child, visit);
}

const nameOf = (node: unknown): string | null => {
  if (!isNode(node)) return null;
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'AssignmentPattern') return nameOf(node.left);
  return null;
};

/** Every description argument of a call to a describer under `node`. */
function descriptionArguments(node: Node, describers: Describers): Node[] {
  const found: Node[] = [];
  walk(node, (call) => {
    if (call.type !== 'CallExpression') return;
    const indices = describers.get(nameOf(call.callee) ?? '');
    const args = call.arguments as Node[];
    for (const index of indices ?? []) {
      // After a spread, an argument's position is not its index.
      if (index < args.length && !args.slice(0, index + 1).some((arg) => arg.type === 'SpreadElement')) found.push(args[index]!);
    }
  });
  return found;
}

/** The functions a module names, with their parameters' names; a name given twice is left out, since calls to it are ambiguous. */
function functions(program: Node, imported: Iterable<string>): Map<string, {params: (string | null)[]; body: Node}> {
  const named = new Map<string, {params: (string | null)[]; body: Node} | null>([...imported].map((name) => [name, null]));
  const add = (name: string | null, fn: Node) => {
    if (name === null) return;
    named.set(name, named.has(name) ? null : {params: (fn.params as Node[]).map(nameOf), body: fn.body as Node});
  };
  walk(program, (node) => {
    if (node.type === 'FunctionDeclaration' && node.id) add(nameOf(node.id), node);
    if (node.type === 'VariableDeclarator' && isNode(node.init) && /^(Arrow)?Function(Expression)?$/.test(node.init.type)) {
      add(nameOf(node.id), node.init);
    }
  });
  return new Map([...named].filter((entry): entry is [string, {params: (string | null)[]; body: Node}] => entry[1] !== null));
}

/** References to `name` under `node` (a shadowing declaration counts too, which only makes the analysis more careful). */
function references(node: Node, name: string): Node[] {
  const found: Node[] = [];
  walk(node, (inner) => {
    if (inner.type === 'Identifier' && inner.name === name) found.push(inner);
  });
  return found;
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile()) ?? null;
}

export class DescriptionDropper {
  readonly #root: Root;
  readonly #modules = new Map<string, Module | 'reading'>();

  constructor(root: Root) {
    this.#root = root;
  }

  /** The module's source with every description argument replaced by '', or null when it has none. */
  transform(file: string, code: string): {code: string; map: ReturnType<MagicString['generateMap']>} | null {
    const module = this.#read(file, code);
    const source = new MagicString(code);
    let end = -1;
    const args = descriptionArguments(module.program, module.describers).sort((a, b) => a.start - b.start);
    for (const arg of args) {
      if (arg.start < end || (arg.type === 'Literal' && arg.value === '')) continue;
      const text = code.slice(arg.start, arg.end);
      const spelled =
        arg.type === 'Literal'
          ? text === arg.raw
          : arg.type === 'TemplateLiteral'
            ? /^`[\s\S]*`$/.test(text)
            : arg.type !== 'Identifier' || text === arg.name;
      if (!spelled) throw new Error(`${file}: the parser's offsets do not match the source at ${arg.start}`);
      source.overwrite(arg.start, arg.end, "''");
      end = arg.end;
    }
    if (!source.hasChanged()) return null;
    return {code: source.toString(), map: source.generateMap({hires: true, source: file, includeContent: true})};
  }

  /** The describers a module defines or imports, and those it exports. */
  #read(file: string, code?: string): Module {
    const known = this.#modules.get(file);
    if (known && known !== 'reading' && (code === undefined || known.code === code)) return known;
    this.#modules.set(file, 'reading');
    const text = code ?? readFileSync(file, 'utf8');
    const parsed = parseSync(file, text, {lang: file.endsWith('.tsx') ? 'tsx' : 'ts', sourceType: 'module'});
    if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors.map((error) => error.message).join('; ')}`);
    const program = parsed.program as unknown as Node;
    const body = program.body as Node[];

    const describers: Map<string, Set<number>> = new Map();
    if (file === this.#root.file) describers.set(this.#root.name, new Set([this.#root.index]));
    for (const statement of body) {
      if (statement.type !== 'ImportDeclaration') continue;
      const from = resolveImport(file, (statement.source as Node).value as string);
      const theirs = from ? this.#exports(from) : new Map();
      for (const specifier of statement.specifiers as Node[]) {
        const indices = specifier.type === 'ImportSpecifier' ? theirs.get(nameOf(specifier.imported) ?? '') : undefined;
        if (indices) describers.set(nameOf(specifier.local)!, new Set(indices));
      }
    }

    // A function is a describer when every use of one of its parameters is inside its own calls' descriptions.
    const named = functions(program, describers.keys());
    for (let changed = true; changed;) {
      changed = false;
      for (const [name, {params, body: fnBody}] of named) {
        const inside = descriptionArguments(fnBody, describers);
        params.forEach((param, index) => {
          if (param === null || describers.get(name)?.has(index)) return;
          const uses = references(fnBody, param);
          if (uses.length === 0 || !uses.every((use) => inside.some((arg) => arg.start <= use.start && use.end <= arg.end))) return;
          describers.set(name, new Set([...(describers.get(name) ?? []), index]));
          changed = true;
        });
      }
    }

    const exported: Describers = new Map();
    for (const statement of body) {
      if (statement.type === 'ExportNamedDeclaration') {
        const declaration = statement.declaration as Node | null;
        const names =
          declaration?.type === 'FunctionDeclaration'
            ? [nameOf(declaration.id)]
            : declaration?.type === 'VariableDeclaration'
              ? (declaration.declarations as Node[]).map((d) => nameOf(d.id))
              : [];
        for (const name of names) if (name && describers.has(name)) exported.set(name, describers.get(name)!);
        const from = statement.source ? resolveImport(file, (statement.source as Node).value as string) : null;
        const theirs = from ? this.#exports(from) : describers;
        for (const specifier of statement.specifiers as Node[]) {
          const indices = theirs.get(nameOf(specifier.local) ?? '');
          if (indices) exported.set(nameOf(specifier.exported)!, indices);
        }
      }
      if (statement.type === 'ExportAllDeclaration' && !statement.exported) {
        const from = resolveImport(file, (statement.source as Node).value as string);
        for (const [name, indices] of from ? this.#exports(from) : []) exported.set(name, indices);
      }
    }

    const module: Module = {file, code: text, program, describers, exported};
    this.#modules.set(file, module);
    return module;
  }

  /** What a module exports; nothing while it is still being read, as when two modules import each other. */
  #exports(file: string): Describers {
    return this.#modules.get(file) === 'reading' ? new Map() : this.#read(file).exported;
  }
}

/** The Vite plugin: drops descriptions from the modules under `dir`; `root` is the function that registers them. */
export function dropSchemaDescriptions(options: {dir: string; root: Root}): Plugin {
  const dir = resolve(options.dir);
  const root = {...options.root, file: resolve(options.root.file)};
  let dropper = new DescriptionDropper(root);
  return {
    name: 'coral-drop-schema-descriptions',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      dropper = new DescriptionDropper(root);
    },
    transform: {
      filter: {id: /\.tsx?$/},
      handler(code, id) {
        return id.startsWith(`${dir}/`) ? dropper.transform(id, code) : null;
      },
    },
  };
}
