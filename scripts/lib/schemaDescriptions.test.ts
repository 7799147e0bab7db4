import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {DescriptionDropper} from './schemaDescriptions.mjs';

const dir = mkdtempSync(join(tmpdir(), 'coral-descriptions-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const PARTS = `
export function describe(schema, description) { return register(schema, {description}); }
export const gateway = (what: string) => describe(union(), \`Where \${what} go.\`);
export const table = (messages: Record<string, string>) => describe(keys(messages), 'Overrides.');
`;

/** Writes the modules, then returns what the build makes of `file`. */
function drop(modules: Record<string, string>, file: string): string {
  for (const [name, code] of Object.entries(modules)) writeFileSync(join(dir, name), code);
  const dropper = new DescriptionDropper({file: join(dir, 'parts.ts'), name: 'describe', index: 1});
  const path = join(dir, file);
  return dropper.transform(path, readFileSync(path, 'utf8'))?.code ?? readFileSync(path, 'utf8');
}

describe('dropping schema descriptions from the embed', () => {
  it('empties string and template descriptions, nested or not, and keeps the schemas', () => {
    const schema = `import {describe} from './parts';
const name = 'x';
export const a = describe(object({b: describe(text(1, 40), 'B’s text, “quoted”.'), c: describe(flag, \`C for \${name}\`)}), 'The whole of a.');
`;
    expect(drop({'parts.ts': PARTS, 'schema.ts': schema}, 'schema.ts')).toBe(`import {describe} from './parts';
const name = 'x';
export const a = describe(object({b: describe(text(1, 40), ''), c: describe(flag, '')}), '');
`);
  });

  it('follows a helper that only passes a parameter on into a description, and leaves one that also uses it', () => {
    const schema = `import {describe} from './parts';
const boolean = (fallback: boolean, description: string) => describe(bool(fallback), description);
const amountsFor = (name: string) => describe(amounts(name), \`Amounts for \${name} gifts.\`);
export const options = {on: boolean(true, 'Turns it on.'), monthly: amountsFor('monthly')};
`;
    expect(drop({'parts.ts': PARTS, 'schema.ts': schema}, 'schema.ts')).toBe(`import {describe} from './parts';
const boolean = (fallback: boolean, description: string) => describe(bool(fallback), '');
const amountsFor = (name: string) => describe(amounts(name), '');
export const options = {on: boolean(true, ''), monthly: amountsFor('monthly')};
`);
  });

  it('follows a helper imported from another module, and not a function of the same name from elsewhere', () => {
    const schema = `import {gateway, table} from './parts';
import {gateway as other} from './other';
export const options = {gateway: gateway('signatures'), messages: table(MESSAGES), elsewhere: other('kept')};
`;
    const other = `export const gateway = (what: string) => what;\n`;
    expect(drop({'parts.ts': PARTS, 'other.ts': other, 'schema.ts': schema}, 'schema.ts')).toBe(`import {gateway, table} from './parts';
import {gateway as other} from './other';
export const options = {gateway: gateway(''), messages: table(MESSAGES), elsewhere: other('kept')};
`);
  });

  it('leaves a module without descriptions as it is', () => {
    const plain = `export const describeError = (error: string) => \`config: \${error}\`;\n`;
    writeFileSync(join(dir, 'parts.ts'), PARTS);
    writeFileSync(join(dir, 'plain.ts'), plain);
    const dropper = new DescriptionDropper({file: join(dir, 'parts.ts'), name: 'describe', index: 1});
    expect(dropper.transform(join(dir, 'plain.ts'), plain)).toBeNull();
  });

  it('empties every description of the real schemas', () => {
    const dropper = new DescriptionDropper({file: join(process.cwd(), 'src/coral/shared/schemaParts.ts'), name: 'describe', index: 1});
    const file = join(process.cwd(), 'src/coral/powerform/schema.ts');
    const code = dropper.transform(file, readFileSync(file, 'utf8'))!.code;
    expect(code).not.toContain('Make the consent box required to sign.');
    expect(code).not.toContain('The signature counter.');
    expect(code).toContain("gateway: signupGatewayConfig('')");
    expect(code).toContain("message: 'expected no extra question on the leads form'");
  });
});
