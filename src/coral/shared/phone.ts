/**
 * Australian and New Zealand mobile numbers, normalised to E.164. This module
 * is the only one that imports the phone metadata, so a view can load it on
 * demand when a phone field is shown.
 */
import {parsePhoneNumberFromString, type MetadataJson} from 'libphonenumber-js/core';
// Mobile numbers of +61 and +64 only, cut from the library's metadata by scripts/phone-metadata.mjs.
import metadataJson from './phoneMetadata.json';
import {accept, refuse, type Check} from './result';

export type MobileCountry = 'AU' | 'NZ';

const metadata = metadataJson as unknown as MetadataJson;

export const ALLOWED_MOBILE = 'Enter an Australian or New Zealand mobile number, like 0412 345 678 or +64 21 123 4567.';

export function normaliseMobile(input: string, defaultCountry: MobileCountry = 'AU'): Check<string> {
  const text = input.trim();
  if (text === '') return refuse(`Enter your mobile number. ${ALLOWED_MOBILE}`);
  if (!/^[+\d\s().-]+$/.test(text)) return refuse(`A phone number has digits only. ${ALLOWED_MOBILE}`);
  const parsed = parsePhoneNumberFromString(text, defaultCountry, metadata);
  // The mobile-only metadata makes a landline number invalid, so one check covers both.
  if (!parsed || (parsed.country !== 'AU' && parsed.country !== 'NZ') || !parsed.isValid()) {
    return refuse(`That is not a mobile number we can text. ${ALLOWED_MOBILE}`);
  }
  return accept(parsed.number);
}
