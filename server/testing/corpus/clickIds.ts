/**
 * The click ids ad platforms add to a landing page's address on each click, in their shapes: the prefixes they
 * start with, their alphabets and lengths. A donate form's page carries them in its address, so a hosted checkout's
 * `cancelUrl` (the form's own page) and `returnUrl` carry them to the endpoint. Searched too: hex and UUID click ids
 * whose digits happen to make a run that passes the Luhn check.
 */
import {AD_IDS, type AdId} from './adIds';
import fc from 'fast-check';
import {BASE36, BASE64URL, chars, HEX, readsAsCard, search, uuid} from './search';

export type ClickIdName =
  'gclid' | 'gbraid' | 'wbraid' | 'dclid' | 'fbclid' | 'msclkid' | 'ttclid' | 'li_fat_id' | 'twclid' | 'ScCid' | 'epik';

export type ClickId = {name: ClickIdName; platform: string; value: string};

/** Text from one of `prefixes`, then `min` to `max` characters of base64url, then one of `suffixes`. */
const b64 = (prefixes: readonly string[], min: number, max: number, suffixes: readonly string[] = ['']) =>
  fc
    .tuple(fc.constantFrom(...prefixes), chars(BASE64URL, min, max), fc.constantFrom(...suffixes))
    .map(([prefix, body, suffix]) => `${prefix}${body}${suffix}`);

/** How each click id is made, as it appears after a click. */
const SHAPES: Record<ClickIdName, {platform: string; shape: fc.Arbitrary<string>}> = {
  // Google's click id on the web, and its privacy-preserving ones from iOS apps (gbraid) and the web on iOS (wbraid).
  gclid: {platform: 'Google Ads', shape: b64(['Cj0KCQjw', 'CjwKCAjw', 'EAIaIQobChMI'], 70, 90, ['BwE', '_BwE'])},
  gbraid: {platform: 'Google Ads', shape: b64(['0AAAAAD'], 28, 40)},
  wbraid: {platform: 'Google Ads', shape: b64(['CkQKCQjw', 'ClcKCAjw'], 60, 80)},
  // Campaign Manager 360 and Display & Video 360.
  dclid: {platform: 'Google Marketing Platform', shape: b64(['CJ', 'CK', 'CL', 'CM'], 22, 26)},
  fbclid: {
    platform: 'Meta',
    shape: fc.oneof(
      b64(['IwAR'], 56, 60),
      fc.tuple(b64(['IwZXh0bgNhZW0CMTEAAR'], 60, 80), chars(BASE64URL, 22)).map(([id, aem]) => `${id}_aem_${aem}`),
      b64(['IwY2xjawE'], 80, 100),
    ),
  },
  msclkid: {platform: 'Microsoft Ads', shape: chars(HEX, 32)},
  ttclid: {platform: 'TikTok', shape: b64(['E.C.P.', 'E_C_P_'], 100, 140)},
  li_fat_id: {platform: 'LinkedIn', shape: uuid()},
  twclid: {platform: 'X', shape: fc.tuple(fc.constantFrom('1', '2'), chars(BASE36, 25)).map(([version, id]) => `${version}-${id}`)},
  ScCid: {platform: 'Snapchat', shape: uuid()},
  epik: {platform: 'Pinterest', shape: b64(['dj0yJnU9'], 90, 110)},
};

const made = (name: ClickIdName, value: string): ClickId => ({name, platform: SHAPES[name].platform, value});

export const CLICK_IDS: readonly ClickId[] = [
  ...(Object.keys(SHAPES) as ClickIdName[]).flatMap((name, i) =>
    search(SHAPES[name].shape, () => true, 4, i).map((value) => made(name, value)),
  ),
  // One msclkid in a few thousand holds 13 or more digits in a row that pass the Luhn check; so do a UUID's, dashes read past.
  ...search(SHAPES.msclkid.shape, readsAsCard, 2, 100).map((value) => made('msclkid', value)),
  ...search(SHAPES.li_fat_id.shape, readsAsCard, 1, 101).map((value) => made('li_fat_id', value)),
];

/** The utm tags each platform's ads are set up with, using the ids it writes. */
const UTM_SOURCE: Record<string, string> = {
  Meta: 'facebook',
  'Google Ads': 'google',
  'Microsoft Ads': 'bing',
  TikTok: 'tiktok',
  LinkedIn: 'linkedin',
  X: 'x',
  Snapchat: 'snapchat',
  Pinterest: 'pinterest',
};

/** A landing page's address after a click on an ad: the utm tags with an ad id, and the click id the platform adds. */
export function landingPage(id: AdId, click: ClickId, page = 'https://www.example.org/donate'): string {
  const params = new URLSearchParams({
    utm_source: UTM_SOURCE[id.platform] ?? 'ads',
    utm_medium: 'paid_social',
    utm_campaign: 'eofy-2026',
    utm_content: id.value,
    [click.name]: click.value,
  });
  return `${page}?${params.toString()}`;
}

/** Every click id on a landing page, each with an ad id of the corpus in turn. */
export const LANDING_PAGES: readonly string[] = CLICK_IDS.map((click, i) => landingPage(AD_IDS[i % AD_IDS.length]!, click));
