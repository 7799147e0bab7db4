/**
 * Each element's config as a TypeScript declaration for coral.d.ts, written
 * at build time from the option tree (src/coral/shared/docs/schemaTree.ts): a
 * page's own editor checks a config and shows each option's description
 * from the same options.ts the config reference reads.
 */
import type {OptionNode} from '../coral/shared/docs';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A description as a doc comment at `indent`; `*\/` in the text would end the comment early. */
function docComment(text: string, indent: string): string {
  return text === '' ? '' : `${indent}/** ${text.replaceAll('*/', '*\\/')} */\n`;
}

function typeOf(node: OptionNode, indent: string): string {
  switch (node.kind) {
    case 'choice':
      return node.values.map((value) => JSON.stringify(value)).join(' | ');
    case 'switch':
      return 'boolean';
    case 'number':
      return 'number';
    case 'text':
      return 'string';
    case 'list':
      return `Array<${typeOf(node.item, indent)}>`;
    case 'group':
      return members(node.children, indent);
    case 'union':
      return node.variants
        .map(({value, children}) =>
          members(
            [{key: node.discriminator, title: '', description: '', required: true, kind: 'choice', values: [value]}, ...children],
            indent,
          ),
        )
        .join(' | ');
    default:
      return 'unknown';
  }
}

function members(nodes: readonly OptionNode[], indent: string): string {
  const inner = `${indent}  `;
  const lines = nodes.map((node) => {
    const key = IDENTIFIER.test(node.key) ? node.key : JSON.stringify(node.key);
    return `${docComment(node.description, inner)}${inner}${key}${node.required ? '' : '?'}: ${typeOf(node, inner)};\n`;
  });
  return `{\n${lines.join('')}${indent}}`;
}

/** `export type <name> = {…}`: the config an element takes, every option with its description. */
export const configDeclaration = (name: string, summary: string, tree: readonly OptionNode[]): string =>
  `${docComment(summary, '')}export type ${name} = ${members(tree, '')};\n`;
