/**
 * Australian and New Zealand mobile numbers, normalised to E.164. This module
 * is the only one that imports the phone metadata, so a view can load it on
 * demand when a phone field is shown.
 */
import {parsePhoneNumberFromString, type MetadataJson} from 'libphonenumber-js/core';
// Mobile numbers of +61 and +64 only, cut from the library's metadata by scripts/phone-metadata.mjs.
import metadataJson from './phoneMetadata.json';
import {MOBILE_MESSAGES, type Messages} from './checkMessages';
import {accept, refuse, type Check} from './result';
import {fill} from './template';

export type MobileCountry = 'AU' | 'NZ';

const metadata = metadataJson as unknown as MetadataJson;

export const ALLOWED_MOBILE = MOBILE_MESSAGES.mobileAllowed;

export function normaliseMobile(
  input: string,
  defaultCountry: MobileCountry = 'AU',
  messages: Messages<typeof MOBILE_MESSAGES> = MOBILE_MESSAGES,
): Check<string> {
  const say = (template: string) => refuse<string>(fill(template, {allowed: messages.mobileAllowed}));
  const text = input.trim();
  if (text === '') return say(messages.mobileMissing);
  if (!/^[+\d\s().-]+$/.test(text)) return say(messages.mobileNotDigits);
  const parsed = parsePhoneNumberFromString(text, defaultCountry, metadata);
  // The mobile-only metadata makes a landline number invalid, so one check covers both.
  if (!parsed || (parsed.country !== 'AU' && parsed.country !== 'NZ') || !parsed.isValid()) {
    return say(messages.mobileInvalid);
  }
  return accept(parsed.number);
}
