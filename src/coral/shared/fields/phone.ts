/**
 * Mobile numbers of the countries a form takes, normalised to E.164. This
 * module is the only one that imports the phone metadata, so a form loads it on
 * demand when its phone field is first used: Australia's and New Zealand's
 * with this module, as every form takes them, and each other country's when a
 * form that takes it asks (`loadMobiles`).
 */
import {parsePhoneNumberFromString, type MetadataJson} from 'libphonenumber-js/core';
// Mobile numbers of each country's calling code, cut from the library's metadata by scripts/countries.mjs.
import australia from './mobiles/AU.json';
import newZealand from './mobiles/NZ.json';
import {MOBILE_MESSAGES, type Messages, accept, refuse, type Check, fill} from '../basics';
import {type Country, countryName} from './country';

/** One country's file: its calling code's mobile metadata and the library's example mobile, written both ways. */
export type Mobiles = {metadata: MetadataJson; example: {national: string; international: string}};

/** Every form takes Australian and New Zealand mobiles, as it always has: a supporter across the Tasman signs anywhere. */
const ALWAYS: readonly Country[] = ['AU', 'NZ'];

// Nothing runs as the module loads (a bundle that imports its door for something else leaves it out): the metadata is
// merged when a number is first read, and again after a country's is added.
const loaded = /* @__PURE__ */ new Map<Country, Mobiles>([
  ['AU', australia as unknown as Mobiles],
  ['NZ', newZealand as unknown as Mobiles],
]);
let merging: MetadataJson | null = null;
const metadata = (): MetadataJson => (merging ??= merged());

/** One metadata of every country loaded so far: each calling code's own entries side by side. */
function merged(): MetadataJson {
  const all = [...loaded.values()].map((mobiles) => mobiles.metadata);
  return {
    ...all[0]!,
    country_calling_codes: Object.assign({}, ...all.map((each) => each.country_calling_codes)),
    countries: Object.assign({}, ...all.map((each) => each.countries)),
  };
}

/** The countries whose mobiles a form of these countries takes: its own, then Australia and New Zealand. */
export const mobileCountries = (countries: readonly Country[]): Country[] => [...new Set([...countries, ...ALWAYS])];

/** Takes countries' metadata as it is already held (the endpoint holds every country's); `normaliseMobile` then takes their numbers. */
export function addMobiles(held: Readonly<Record<Country, Mobiles>>): void {
  for (const [country, mobiles] of Object.entries(held)) loaded.set(country, mobiles);
  merging = null;
}

/** Fetches the metadata of the countries not loaded yet; `normaliseMobile` then takes their numbers. */
export async function loadMobiles(countries: readonly Country[]): Promise<void> {
  const missing = countries.filter((country) => !loaded.has(country));
  if (missing.length === 0) return;
  const fetched = await Promise.all(
    missing.map((country) => import(`./mobiles/${country}.json`).then((module: {default: Mobiles}) => module.default)),
  );
  addMobiles(Object.fromEntries(missing.map((country, i) => [country, fetched[i]!])));
}

/** The country of a mobile number in E.164 (+679…: FJ), of those loaded; null for another. */
export const countryOfMobile = (e164: string): Country | null => parsePhoneNumberFromString(e164, metadata())?.country ?? null;

/** A country's example mobile, as its own people write it (0412 345 678, 701 2345) or, from abroad, with its code. */
const exampleOf = (country: Country, international: boolean): string => {
  const {example} = loaded.get(country)!;
  return international ? example.international : example.national;
};

/** What a form says a mobile number must be, with an example of its own country. */
export function allowedMobile(
  country: Country,
  messages: Pick<Messages<typeof MOBILE_MESSAGES>, 'mobileAllowed' | 'mobileAllowedFrom'> = MOBILE_MESSAGES,
  taken: readonly Country[] = ALWAYS,
  locale = 'en-AU',
): string {
  const example = exampleOf(country, false);
  if (taken.every((each) => ALWAYS.includes(each))) return fill(messages.mobileAllowed, {example});
  const names = new Intl.ListFormat([locale, 'en'], {type: 'disjunction'}).format(taken.map((each) => countryName(each, locale)));
  return fill(messages.mobileAllowedFrom, {countries: names, example});
}

/** Each country's landline numbers in national form: an area code and a local number (02 9261 1977, 09 123 4567). */
const LANDLINE: Readonly<Record<Country, RegExp>> = {AU: /^0[2378][2-9]\d{7}$/, NZ: /^0[34679][2-9]\d{6}$/};

/** How to type the other country's mobile so it cannot be read as one of the form's own landlines. */
const OTHER_COUNTRY_PREFIX: Readonly<Record<Country, 'mobileNewZealandPrefix' | 'mobileAustraliaPrefix'>> = {
  AU: 'mobileNewZealandPrefix',
  NZ: 'mobileAustraliaPrefix',
};

/**
 * A mobile number of one of the `taken` countries (loaded first), as E.164. A number with its country code is that
 * country's; one in national form is read as the supporter's country's (`own`), and between Australia and New Zealand
 * as the other's too, as a New Zealander types 021 123 4567 on an Australian form. A national number of another of
 * the form's countries is not guessed at: the supporter is told to start it with that country's code.
 */
export function normaliseMobile(
  input: string,
  own: Country = 'AU',
  messages: Messages<typeof MOBILE_MESSAGES> = MOBILE_MESSAGES,
  taken: readonly Country[] = ALWAYS,
  locale = 'en-AU',
): Check<string> {
  const allowed = allowedMobile(own, messages, taken, locale);
  const say = (template: string) => refuse<string>(fill(template, {allowed}));
  const text = input.trim();
  if (text === '') return say(messages.mobileMissing);
  if (!/^[+\d\s().-]+$/.test(text)) return say(messages.mobileNotDigits);
  const mobileOf = (country: Country): string | null => {
    const parsed = parsePhoneNumberFromString(text, country as never, metadata());
    return parsed?.country !== undefined && taken.includes(parsed.country) && parsed.isValid() ? parsed.number : null;
  };
  const found = mobileOf(own);
  if (found !== null) return accept(found);
  const national = text.startsWith('+') ? null : text.replace(/\D/g, '');
  if (national === null) return say(messages.mobileInvalid);
  const across = OTHER_COUNTRY_PREFIX[own];
  const other = across ? mobileOf(own === 'AU' ? 'NZ' : 'AU') : null;
  if (other !== null) {
    // Shaped like one of the form's own landlines (0271234567: Sydney's 02 7123 4567, or New Zealand's mobile 027 123 4567),
    // it is not taken as the other country's mobile: the supporter is told how to write that one so it cannot be misread.
    if (LANDLINE[own]!.test(national)) return refuse(fill(messages.mobileLandline, {otherCountry: messages[across!]}));
    return accept(other);
  }
  const elsewhere = taken.find((country) => !ALWAYS.includes(country) && country !== own && mobileOf(country) !== null);
  if (elsewhere === undefined) return say(messages.mobileInvalid);
  const code = metadata().countries[elsewhere as never][0];
  return refuse(fill(messages.mobileCountryPrefix, {country: countryName(elsewhere, locale), code, example: exampleOf(elsewhere, true)}));
}
