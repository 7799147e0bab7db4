/**
 * CORAL_RECEIPTS as the operators' page prints it, and as people get it wrong: the page's worked example and its
 * examples of tax words are taken whole; a wrong key is named with what it takes.
 */
import {describe, expect, it} from 'vitest';
import {docSnippet} from '../testing/docSnippets';
import {parseReceiptRules} from './settings';

const PAGE = 'docs/receipts-and-supporter-page.mdx';
const ISSUER = {legalName: 'Reef Action Fund Ltd', number: 'ABN 51 824 753 556'};

describe('CORAL_RECEIPTS', () => {
  it('takes the worked example the page prints, with its defaults over Australia’s and New Zealand’s years', () => {
    const rules = parseReceiptRules(JSON.parse(docSnippet(PAGE, '/srv/coral/receipts.json')), 'https://pay.example.org/me');
    expect(rules).toMatchObject({
      issuer: {legalName: 'Reef Action Fund Ltd', address: 'PO Box 1234\nHaymarket NSW 1240', supporterPage: 'https://pay.example.org/me'},
      regularGifts: 'monthly',
      yearStarts: {AU: 7, NZ: 4},
    });
  });

  it.each([
    'An Australian deductible gift recipient (an example)',
    'An approved New Zealand donee organisation (an example)',
    'An organisation whose gifts are not deductible (an example)',
  ])('takes the page’s “%s”', (title) => {
    const rules = parseReceiptRules({...ISSUER, ...(JSON.parse(docSnippet(PAGE, title)) as object)}, null);
    expect(typeof rules).toBe('object');
  });

  it('names each wrong key, and what it takes', () => {
    expect(parseReceiptRules({...ISSUER, taxWords: {XX: 'Words.'}, regularGifts: 'weekly', colour: 'blue'}, null)).toBe(
      [
        'CORAL_RECEIPTS.regularGifts: expected one of "each", "monthly"',
        'CORAL_RECEIPTS.taxWords.XX: expected a country code such as AU, NZ or FJ',
        'CORAL_RECEIPTS: colour is not a key it takes',
      ].join('; '),
    );
    expect(parseReceiptRules({legalName: 'R', number: 'ABN 51 824 753 556', timeZone: 'Sydney'}, null)).toMatch(
      /CORAL_RECEIPTS.legalName: expected the organisation’s legal name, as registered; CORAL_RECEIPTS.timeZone: expected an IANA time zone/,
    );
  });
});
