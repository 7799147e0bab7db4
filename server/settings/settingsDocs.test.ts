/**
 * The docs list the settings by hand, for people to read: this reads each settings table off the page (those
 * headed Variable, Default, Allowed) and holds every row's default and allowed values to the table in settings.ts.
 */
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {describeAllowed, describeDefault, SETTINGS, type SettingName} from './settings';

const PAGES = [
  {file: 'server/README.md', omits: []},
  // The stand-in's address is for the endpoint's own tests: the operators' page leaves it out.
  {file: 'docs/taking-payments.mdx', omits: ['STRIPE_API_URL']},
];

type Row = {name: string; fallback: string; allowed: string};

/** Every row of every table on the page whose header starts `| Variable | Default | Allowed |`. */
function settingsRows(text: string): Row[] {
  const rows: Row[] = [];
  let inTable = false;
  for (const line of text.split('\n')) {
    if (/^\| Variable \| Default \| Allowed \|/.test(line)) inTable = true;
    else if (!line.startsWith('|')) inTable = false;
    else if (inTable && !line.startsWith('| ---')) {
      const [name = '', fallback = '', allowed = ''] = line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim());
      rows.push({name: name.replace(/^`(.*)`$/, '$1'), fallback, allowed});
    }
  }
  return rows;
}

describe('settingsRows', () => {
  it('reads the rows of a settings table and of no other', () => {
    const page = [
      '| Variable | What it holds |',
      '| --- | --- |',
      '| `PORT` | not this one |',
      '',
      '| Variable | Default | Allowed | What it sets |',
      '| --- | --- | --- | --- |',
      '| `PORT` | `8787` | 0–65535 | The port |',
      'A line after it.',
      '| `CORAL_LOG_LEVEL` | `info` | words | nor this one |',
    ].join('\n');
    expect(settingsRows(page)).toEqual([{name: 'PORT', fallback: '`8787`', allowed: '0–65535'}]);
  });
});

describe.each(PAGES)('$file', ({file, omits}) => {
  const rows = settingsRows(readFileSync(file, 'utf8'));

  it('lists every setting once, but those it leaves out on purpose', () => {
    const expected = Object.keys(SETTINGS).filter((name) => !omits.includes(name));
    expect(rows.map(({name}) => name).sort()).toEqual(expected.sort());
  });

  it.each(Object.keys(SETTINGS).filter((name) => !omits.includes(name)) as SettingName[])(
    'gives %s the default and the values the code takes',
    (name) => {
      const row = rows.find((listed) => listed.name === name);
      expect(row).toEqual({name, fallback: describeDefault(SETTINGS[name]), allowed: describeAllowed(SETTINGS[name])});
    },
  );
});
