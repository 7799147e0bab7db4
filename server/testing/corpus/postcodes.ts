/**
 * Postcodes as supporters type them. Australia's and New Zealand's are four digits (the form's postcode field asks
 * for those), from the first and the last of each range, the external territories and the islands; the Pacific's
 * are what a supporter there writes when asked: Papua New Guinea's three digits, the French territories' five, the
 * US territories' ZIP codes, and, where the country has none (Fiji, Solomon Islands, Tonga, Vanuatu, Samoa, the
 * Cook Islands), a word or noughts.
 */
import {typedEveryWay} from './typing';

export type WrittenPostcode = {place: string; written: string};

export const FOUR_DIGIT_POSTCODES: readonly WrittenPostcode[] = [
  {place: 'Australian National University, ACT', written: '0200'},
  {place: 'Darwin, NT', written: '0800'},
  {place: 'Alice Springs, NT', written: '0870'},
  {place: 'Sydney, NSW', written: '2000'},
  {place: 'Canberra, ACT', written: '2600'},
  {place: 'Norfolk Island', written: '2899'},
  {place: 'Melbourne, VIC', written: '3000'},
  {place: 'Brisbane, QLD', written: '4000'},
  {place: 'Thursday Island, QLD', written: '4875'},
  {place: 'Adelaide, SA', written: '5000'},
  {place: 'Perth, WA', written: '6000'},
  {place: 'Christmas Island', written: '6798'},
  {place: 'Cocos (Keeling) Islands', written: '6799'},
  {place: 'Hobart, TAS', written: '7000'},
  {place: 'Macquarie Island, TAS', written: '7151'},
  {place: 'Whangārei', written: '0110'},
  {place: 'Auckland Central', written: '1010'},
  {place: 'Rotorua', written: '3010'},
  {place: 'Wellington Central', written: '6011'},
  {place: 'Christchurch Central', written: '8011'},
  {place: 'Chatham Islands', written: '8942'},
  {place: 'Dunedin', written: '9016'},
  {place: 'Stewart Island', written: '9818'},
];

export const PACIFIC_POSTCODES: readonly WrittenPostcode[] = [
  {place: 'Port Moresby, Papua New Guinea', written: '111'},
  {place: 'Lae, Papua New Guinea', written: '411'},
  {place: 'Nouméa, New Caledonia', written: '98800'},
  {place: 'Papeete, French Polynesia', written: '98714'},
  {place: 'Mata-Utu, Wallis and Futuna', written: '98600'},
  {place: 'Hagåtña, Guam', written: '96910'},
  {place: 'Pago Pago, American Samoa', written: '96799'},
  {place: 'Suva, Fiji', written: 'N/A'},
  {place: 'Honiara, Solomon Islands', written: 'none'},
  {place: 'Nukuʻalofa, Tonga', written: '-'},
  {place: 'Port Vila, Vanuatu', written: '0000'},
];

/** The four-digit postcodes, typed every way. */
export const POSTCODES: readonly string[] = typedEveryWay(FOUR_DIGIT_POSTCODES.map(({written}) => written));
