/**
 * The click ids ad platforms add to a landing page's address on each click, in their shapes: the prefixes they
 * start with, their alphabets and lengths. A donate form's page carries them in its address, so a hosted checkout's
 * `cancelUrl` (the form's own page) and `returnUrl` carry them to the endpoint. Searched too: hex and UUID click ids
 * whose digits happen to make a run that passes the Luhn check.
 */
import {AD_IDS, type AdId} from './adIds';
import {BASE36, BASE64URL, drawn, HEX, readsAsCard, search, seeded, uuid} from './search';

export type ClickIdName =
  'gclid' | 'gbraid' | 'wbraid' | 'dclid' | 'fbclid' | 'msclkid' | 'ttclid' | 'li_fat_id' | 'twclid' | 'ScCid' | 'epik';

export type ClickId = {name: ClickIdName; platform: string; value: string};

const next = seeded(0xc11c);
const pick = <T>(options: readonly T[]): T => options[Math.floor(next() * options.length)]!;
const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
const b64 = (min: number, max: number) => drawn(next, BASE64URL, between(min, max));

/** How each click id is made, as it appears after a click. */
const SHAPES: Record<ClickIdName, {platform: string; make: () => string}> = {
  // Google's click id on the web, and its privacy-preserving ones from iOS apps (gbraid) and the web on iOS (wbraid).
  gclid: {platform: 'Google Ads', make: () => `${pick(['Cj0KCQjw', 'CjwKCAjw', 'EAIaIQobChMI'])}${b64(70, 90)}${pick(['BwE', '_BwE'])}`},
  gbraid: {platform: 'Google Ads', make: () => `0AAAAAD${b64(28, 40)}`},
  wbraid: {platform: 'Google Ads', make: () => `${pick(['CkQKCQjw', 'ClcKCAjw'])}${b64(60, 80)}`},
  // Campaign Manager 360 and Display & Video 360.
  dclid: {platform: 'Google Marketing Platform', make: () => `C${pick(['J', 'K', 'L', 'M'])}${b64(22, 26)}`},
  fbclid: {
    platform: 'Meta',
    make: () => pick([`IwAR${b64(56, 60)}`, `IwZXh0bgNhZW0CMTEAAR${b64(60, 80)}_aem_${b64(22, 22)}`, `IwY2xjawE${b64(80, 100)}`]),
  },
  msclkid: {platform: 'Microsoft Ads', make: () => drawn(next, HEX, 32)},
  ttclid: {platform: 'TikTok', make: () => `${pick(['E.C.P.', 'E_C_P_'])}${b64(100, 140)}`},
  li_fat_id: {platform: 'LinkedIn', make: () => uuid(next)},
  twclid: {platform: 'X', make: () => `${between(1, 2)}-${drawn(next, BASE36, 25)}`},
  ScCid: {platform: 'Snapchat', make: () => uuid(next)},
  epik: {platform: 'Pinterest', make: () => `dj0yJnU9${b64(90, 110)}`},
};

const made = (name: ClickIdName, value: string): ClickId => ({name, platform: SHAPES[name].platform, value});

export const CLICK_IDS: readonly ClickId[] = [
  ...(Object.keys(SHAPES) as ClickIdName[]).flatMap((name) => search(SHAPES[name].make, () => true, 4).map((value) => made(name, value))),
  // One msclkid in a few thousand holds 13 or more digits in a row that pass the Luhn check; so do a UUID's, dashes read past.
  ...search(SHAPES.msclkid.make, readsAsCard, 2).map((value) => made('msclkid', value)),
  ...search(SHAPES.li_fat_id.make, readsAsCard, 1).map((value) => made('li_fat_id', value)),
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
