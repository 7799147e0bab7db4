/**
 * Australian and New Zealand mobile numbers, normalised to E.164. This module
 * is the only one that imports the phone metadata, so a form can load it on
 * demand when its phone field is first used.
 */
import {parsePhoneNumberFromString, type MetadataJson} from 'libphonenumber-js/core';
// Mobile numbers of +61 and +64 only, cut from the library's metadata by scripts/phone-metadata.mjs.
import metadataJson from './phoneMetadata.json';
import {MOBILE_MESSAGES, type Messages, accept, refuse, type Check, fill} from '../basics';

export type MobileCountry = 'AU' | 'NZ';

const metadata = metadataJson as unknown as MetadataJson;

/** A mobile number of each country, as its own people write it, for the messages' examples. */
const MOBILE_EXAMPLES: Record<MobileCountry, string> = {AU: '0412 345 678', NZ: '021 123 4567'};

/** What a form of each country says a mobile number must be, with an example of its own. */
export const allowedMobile = (
  country: MobileCountry,
  messages: Pick<Messages<typeof MOBILE_MESSAGES>, 'mobileAllowed'> = MOBILE_MESSAGES,
): string => fill(messages.mobileAllowed, {example: MOBILE_EXAMPLES[country]});

/** Each country's landline numbers in national form: an area code and a local number (02 9261 1977, 09 123 4567). */
const LANDLINE: Record<MobileCountry, RegExp> = {AU: /^0[2378][2-9]\d{7}$/, NZ: /^0[34679][2-9]\d{6}$/};

/** How to type the other country's mobile so it cannot be read as one of the form's own landlines. */
const OTHER_COUNTRY_PREFIX = {AU: 'mobileNewZealandPrefix', NZ: 'mobileAustraliaPrefix'} as const;

export function normaliseMobile(
  input: string,
  defaultCountry: MobileCountry = 'AU',
  messages: Messages<typeof MOBILE_MESSAGES> = MOBILE_MESSAGES,
): Check<string> {
  // The example is a number of the form's own country, in the form a supporter there would type it.
  const allowed = allowedMobile(defaultCountry, messages);
  const say = (template: string) => refuse<string>(fill(template, {allowed}));
  const text = input.trim();
  if (text === '') return say(messages.mobileMissing);
  if (!/^[+\d\s().-]+$/.test(text)) return say(messages.mobileNotDigits);
  const mobileOf = (country: MobileCountry): string | null => {
    const parsed = parsePhoneNumberFromString(text, country, metadata);
    return parsed && (parsed.country === 'AU' || parsed.country === 'NZ') && parsed.isValid() ? parsed.number : null;
  };
  // A number in national form is read as the form's own country's first, then as the other's: a New Zealander
  // types 021 123 4567 on an Australian form. The mobile-only metadata makes a landline invalid in both.
  const own = mobileOf(defaultCountry);
  if (own !== null) return accept(own);
  const other = mobileOf(defaultCountry === 'AU' ? 'NZ' : 'AU');
  if (other === null) return say(messages.mobileInvalid);
  // Shaped like one of the form's own landlines (0271234567: Sydney's 02 7123 4567, or New Zealand's mobile 027 123 4567),
  // it is not taken as the other country's mobile: the supporter is told how to write that one so it cannot be misread.
  const national = text.startsWith('+') ? null : text.replace(/\D/g, '');
  if (national !== null && LANDLINE[defaultCountry].test(national)) {
    return refuse(fill(messages.mobileLandline, {otherCountry: messages[OTHER_COUNTRY_PREFIX[defaultCountry]]}));
  }
  return accept(other);
}
