/**
 * The ids ad platforms write into a landing page's link when an organisation tags its ads (`utm_content={{ad.id}}`,
 * `utm_campaign={campaignid}`, `utm_term=__CID__`): each platform's kinds of id, the macro that writes each, and its
 * shape (its leading digits and its length, as the ids stand in the platform's ads manager and its exports). Ids of
 * 13 to 19 digits are card-number lengths, and one in ten passes the Luhn check; each shape is searched for ids that
 * pass it and ids that fail it, so the tests meet both.
 */
import {BASE36, chars, DIGITS, readsAsCard, search, uuid} from './search';

export type Platform = 'Meta' | 'Google Ads' | 'Microsoft Ads' | 'TikTok' | 'LinkedIn' | 'X' | 'Snapchat' | 'Pinterest';

/** One kind of numeric id: `prefix` and then `digits` more digits. */
export type NumericIdShape = {platform: Platform; kind: string; macro: string; prefix: string; digits: number};

export const NUMERIC_ID_SHAPES: readonly NumericIdShape[] = [
  // Meta's campaign, ad set and ad ids share one sequence: 18 digits from 1202… for those made since 2023, 17 from 238… before.
  {platform: 'Meta', kind: 'ad id', macro: '{{ad.id}}', prefix: '1202', digits: 14},
  {platform: 'Meta', kind: 'ad set id', macro: '{{adset.id}}', prefix: '1202', digits: 14},
  {platform: 'Meta', kind: 'campaign id (2019 to 2023)', macro: '{{campaign.id}}', prefix: '2385', digits: 13},
  {platform: 'Meta', kind: 'ad id (before 2019)', macro: '{{ad.id}}', prefix: '60', digits: 11},
  // Google's ValueTrack parameters; `gad_campaignid` carries the campaign id by itself.
  {platform: 'Google Ads', kind: 'campaign id', macro: '{campaignid}', prefix: '2', digits: 10},
  {platform: 'Google Ads', kind: 'ad group id', macro: '{adgroupid}', prefix: '1', digits: 11},
  {platform: 'Google Ads', kind: 'ad id', macro: '{creative}', prefix: '6', digits: 11},
  {platform: 'Google Ads', kind: 'keyword id', macro: '{targetid}', prefix: 'kwd-', digits: 12},
  // Microsoft Advertising's dynamic text parameters.
  {platform: 'Microsoft Ads', kind: 'campaign id', macro: '{CampaignId}', prefix: '5', digits: 8},
  {platform: 'Microsoft Ads', kind: 'ad group id', macro: '{AdGroupId}', prefix: '13', digits: 14},
  {platform: 'Microsoft Ads', kind: 'ad id', macro: '{AdId}', prefix: '8', digits: 13},
  {platform: 'Microsoft Ads', kind: 'keyword id', macro: '{OrderItemId}', prefix: '7', digits: 13},
  // TikTok's URL macros: 19-digit ids from 17… and 18….
  {platform: 'TikTok', kind: 'campaign id', macro: '__CAMPAIGN_ID__', prefix: '17', digits: 17},
  {platform: 'TikTok', kind: 'ad group id', macro: '__AID__', prefix: '18', digits: 17},
  {platform: 'TikTok', kind: 'ad id', macro: '__CID__', prefix: '18', digits: 17},
  {platform: 'LinkedIn', kind: 'campaign id', macro: '{{CAMPAIGN_ID}}', prefix: '3', digits: 8},
  {platform: 'LinkedIn', kind: 'creative id', macro: '{{CREATIVE_ID}}', prefix: '5', digits: 8},
  // X's posts are 19-digit snowflake ids; a promoted post's id is how an ad is named in its link.
  {platform: 'X', kind: 'promoted post id', macro: '(post id)', prefix: '18', digits: 17},
  {platform: 'Pinterest', kind: 'campaign id', macro: '{campaignid}', prefix: '626', digits: 9},
  {platform: 'Pinterest', kind: 'ad group id', macro: '{adgroupid}', prefix: '2680', digits: 9},
  {platform: 'Pinterest', kind: 'ad id', macro: '{adid}', prefix: '687', digits: 9},
];

/** An id as a link carries it, and whether it reads as a card number when read as a person's typing (`readsAsCard`). */
export type AdId = {platform: Platform; kind: string; macro: string; value: string; passesLuhn: boolean};

const any = () => true;

/** For each shape, ids that pass the Luhn check and ids that fail it (when the shape is long enough to be read as a card). */
function idsOf(shape: NumericIdShape, i: number): AdId[] {
  const ids = chars(DIGITS, shape.digits).map((digits) => `${shape.prefix}${digits}`);
  const of = (value: string): AdId => ({
    platform: shape.platform,
    kind: shape.kind,
    macro: shape.macro,
    value,
    passesLuhn: readsAsCard(value),
  });
  if (shape.prefix.replace(/\D/g, '').length + shape.digits < 13) return search(ids, any, 3, i).map(of);
  return [...search(ids, readsAsCard, 3, i), ...search(ids, (id) => !readsAsCard(id), 3, i)].map(of);
}

export const NUMERIC_AD_IDS: readonly AdId[] = NUMERIC_ID_SHAPES.flatMap(idsOf);

/**
 * Ids that are not numbers: Snapchat's campaign, ad squad and ad ids are UUIDs (searched for ones whose groups of
 * digits alone pass the Luhn check together, dashes read past: one UUID in some thousands), and X's campaign and
 * line item ids are a few base-36 characters.
 */
export const OTHER_AD_IDS: readonly AdId[] = [
  ...[...search(uuid(), readsAsCard, 2, 1), ...search(uuid(), any, 3, 2)].map((value): AdId => ({
    platform: 'Snapchat',
    kind: 'ad id',
    macro: '{{ad.id}}',
    value,
    passesLuhn: readsAsCard(value),
  })),
  ...search(chars(BASE36, 5), any, 3, 3).map((value): AdId => ({
    platform: 'X',
    kind: 'campaign id',
    macro: '(campaign id)',
    value,
    passesLuhn: false,
  })),
];

export const AD_IDS: readonly AdId[] = [...NUMERIC_AD_IDS, ...OTHER_AD_IDS];

/** How organisations combine ids in one utm value: the campaign and the ad, the ad group and the ad, joined. */
export const COMBINED_AD_IDS: readonly string[] = NUMERIC_AD_IDS.filter((id) => id.passesLuhn).flatMap((id, i, all) => {
  const other = all[(i + 1) % all.length]!.value;
  return [`${id.value}_${other}`, `${other}-${id.value}`, `${id.platform.toLowerCase().replace(/\W/g, '')}|${id.value}`];
});
