#!/usr/bin/env node
/**
 * Writes the data Coral's supporter fields need for each country a form may
 * take (Australia and the Pacific):
 *
 * - `src/coral/shared/fields/countries.json`: the countries, and for each that
 *   has postcodes their pattern and a postcode there for the messages'
 *   examples. A country has postcodes when its addresses place one (OpenCage's
 *   address templates, from @fragaria/address-formatter) and its format is
 *   known (postcode-validator); the Cook Islands, whose format some lists give
 *   but whose addresses carry none, have none.
 * - `src/coral/shared/fields/mobiles/<country>.json`: the mobile numbers of
 *   each country's calling code, cut from libphonenumber-js's mobile metadata,
 *   with the library's example mobile, so a form loads only its countries'.
 *
 * Run it after updating any of those libraries; a unit test fails while the
 * files are out of date.
 *
 *   node scripts/countries.mjs
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';
import {parsePhoneNumberFromString} from 'libphonenumber-js/core';

const require = createRequire(import.meta.url);

/** Australia, New Zealand and the Pacific's island countries and territories, in the order a list of them reads. */
export const COUNTRIES = [
  'AU',
  'NZ',
  'FJ',
  'PG',
  'SB',
  'VU',
  'NC',
  'PF',
  'WS',
  'TO',
  'KI',
  'TV',
  'NR',
  'CK',
  'NU',
  'TK',
  'WF',
  'NF',
  'FM',
  'MH',
  'PW',
];

/** A real postcode of each country that has them (its capital's, or its main town's), for the message that says what is allowed. */
const POSTCODE_EXAMPLES = {
  AU: '2000',
  NZ: '6011',
  PG: '111',
  NC: '98800',
  PF: '98714',
  WF: '98600',
  NF: '2899',
  FM: '96941',
  MH: '96960',
  PW: '96940',
};

/**
 * @param {string} country
 * @param {Record<string, {address_template?: string, use_country?: string}>} templates
 */
function addressPlacesPostcode(country, templates) {
  let entry = templates[country];
  if (!entry) throw new Error(`@fragaria/address-formatter has no address template for ${country}`);
  if (entry.use_country) entry = templates[entry.use_country];
  let template = entry?.address_template ?? '';
  // A template may name a shared one (generic1…generic23) instead of spelling it out.
  if (!template.includes('{{')) template = /** @type {string} */ (templates[template] ?? '');
  return template.includes('{{{postcode}}}');
}

/**
 * Each country's postcode pattern and example, for the countries that have postcodes.
 * @param {Record<string, {address_template?: string, use_country?: string}>} templates
 * @param {Map<string, RegExp>} patterns
 */
export function postcodesOf(templates, patterns) {
  /** @type {Record<string, [string, string]>} */
  const found = {};
  for (const country of COUNTRIES) {
    const pattern = patterns.get(country);
    if (!pattern || !addressPlacesPostcode(country, templates)) continue;
    const example = /** @type {Record<string, string | undefined>} */ (POSTCODE_EXAMPLES)[country];
    if (example === undefined || !pattern.test(example)) throw new Error(`${country} has postcodes (${pattern}): give it a real one`);
    found[country] = [pattern.source, example];
  }
  return found;
}

/**
 * @typedef {{version: number, country_calling_codes: Record<string, string[]>, countries: Record<string, unknown>}} Metadata
 */

/**
 * The mobile metadata of one country's calling code (with the countries that share it: +61's Christmas and Cocos
 * Islands), and the library's example mobile of the country as its people write it and as it is dialled from abroad,
 * written out here so the form needs none of the library's formatting code.
 * @param {string} country
 * @param {Metadata} full
 * @param {Record<string, string>} examples
 */
export function mobilesOf(country, full, examples) {
  const entry = Object.entries(full.country_calling_codes).find(([, countries]) => countries[0] === country);
  if (!entry) throw new Error(`libphonenumber-js has no calling code whose main country is ${country}`);
  const [code, countries] = entry;
  const given = examples[country];
  const parsed =
    given === undefined ? undefined : parsePhoneNumberFromString(given, /** @type {never} */ (country), /** @type {never} */ (full));
  if (!parsed) throw new Error(`libphonenumber-js has no example mobile of ${country}`);
  const example = {national: parsed.formatNational(), international: parsed.formatInternational()};
  return {
    metadata: {
      version: full.version,
      country_calling_codes: {[code]: countries},
      countries: Object.fromEntries(countries.map((each) => [each, full.countries[each]])),
      nonGeographic: {},
    },
    example,
  };
}

export const COUNTRIES_FILE = fileURLToPath(new URL('../src/coral/shared/fields/countries.json', import.meta.url));
export const MOBILES_DIR = fileURLToPath(new URL('../src/coral/shared/fields/mobiles/', import.meta.url));

/** The module that imports every country's file, for the endpoint, which checks every country's mobiles from the start. */
export const EVERY_COUNTRY_FILE = fileURLToPath(new URL('../src/coral/shared/fields/mobiles/every.ts', import.meta.url));

/** That module's text: one import a country (no bundler's glob, so every runtime that loads the endpoint's code reads it). */
export function everyCountryModule() {
  return [
    "// Written by scripts/countries.mjs: every country's mobiles, which the endpoint holds from the start.",
    "import type {Mobiles} from '../phone';",
    ...COUNTRIES.map((country) => `import ${country} from './${country}.json';`),
    '',
    `export const EVERY_COUNTRY: Readonly<Record<string, Mobiles>> = {${COUNTRIES.join(', ')}} as unknown as Record<string, Mobiles>;`,
    '',
  ].join('\n');
}

/** What the libraries say today, as the files hold it. */
export function generate() {
  /** @type {Record<string, {address_template?: string, use_country?: string}>} */
  const templates = require('@fragaria/address-formatter/src/templates/templates.json');
  const {POSTCODE_REGEXES} = require('postcode-validator/lib/cjs/postcode-regexes.js');
  const full = require('libphonenumber-js/metadata.mobile.json');
  const examples = require('libphonenumber-js/examples.mobile.json');
  return {
    // The list as one string of codes: the form's first load carries it, and a string is shorter than an array.
    countries: {countries: COUNTRIES.join(' '), postcodes: postcodesOf(templates, POSTCODE_REGEXES)},
    mobiles: Object.fromEntries(COUNTRIES.map((country) => [country, mobilesOf(country, full, examples)])),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const {countries, mobiles} = generate();
  writeFileSync(COUNTRIES_FILE, `${JSON.stringify(countries)}\n`);
  mkdirSync(MOBILES_DIR, {recursive: true});
  for (const [country, data] of Object.entries(mobiles)) writeFileSync(`${MOBILES_DIR}${country}.json`, `${JSON.stringify(data)}\n`);
  writeFileSync(EVERY_COUNTRY_FILE, everyCountryModule());
  console.log(`Wrote ${COUNTRIES_FILE} and ${COUNTRIES.length} files in ${MOBILES_DIR}`);
}
