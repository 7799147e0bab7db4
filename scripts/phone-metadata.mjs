#!/usr/bin/env node
/**
 * Writes the phone metadata Coral needs: mobile numbers of Australia (and the
 * islands that share +61) and New Zealand, cut from libphonenumber-js's
 * mobile metadata. About 2 KB instead of about 100 KB. Run it after updating
 * libphonenumber-js; a unit test fails while the file is out of date.
 *
 *   node scripts/phone-metadata.mjs
 */
import {writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';

export const CALLING_CODES = ['61', '64'];

/**
 * @typedef {{version: number, country_calling_codes: Record<string, string[]>, countries: Record<string, unknown>}} Metadata
 */

/**
 * The part of the library's metadata for the calling codes Coral accepts.
 * @param {Metadata} full
 * @returns {Metadata & {nonGeographic: {}}}
 */
export function cutMetadata(full) {
  /** @param {string} code */
  const countriesOf = (code) => {
    const found = full.country_calling_codes[code];
    if (!found) throw new Error(`libphonenumber-js has no metadata for the calling code +${code}`);
    return found;
  };
  const country_calling_codes = Object.fromEntries(CALLING_CODES.map((code) => [code, countriesOf(code)]));
  const countries = Object.fromEntries(
    Object.values(country_calling_codes)
      .flat()
      .map((country) => [country, full.countries[country]]),
  );
  return {version: full.version, country_calling_codes, countries, nonGeographic: {}};
}

export const OUTPUT = fileURLToPath(new URL('../src/coral/shared/fields/phoneMetadata.json', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const full = createRequire(import.meta.url)('libphonenumber-js/metadata.mobile.json');
  writeFileSync(OUTPUT, `${JSON.stringify(cutMetadata(full))}\n`);
  console.log(`Wrote ${OUTPUT}`);
}
