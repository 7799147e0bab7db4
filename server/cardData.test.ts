/** The card-data tripwire: what it catches, and the honest long numbers it lets through. */
import {describe, expect, it} from 'vitest';
import {findCardData} from './cardData';

describe('findCardData', () => {
  it.each([
    [{payment: {number: '1'}}, 'payment.number'],
    [{card: {}}, 'card'],
    [{supporter: {card_number: ''}}, 'supporter.card_number'],
    [{cvv: ''}, 'cvv'],
    [{details: {'exp-month': 12}}, 'details.exp-month'],
    [{note: '4242424242424242'}, 'note'],
    [{note: 'my card is 4242 4242 4242 4242 thanks'}, 'note'],
    [{note: '3782-822463-10005'}, 'note'],
    [{list: ['a', '5555555555554444']}, 'list.1'],
    [{n: 4242424242424242}, 'n'],
    ['4242424242424242', '(body)'],
  ])('finds card data in %j at %s', (body, where) => {
    expect(findCardData(body)).toBe(where);
  });

  it.each([
    [{supporter: {phone: '+61 412 345 678', postcode: '2000'}}],
    [{amount: 6000, fee: 180, method: 'card'}],
    // A Facebook ad id in utm_content: 17 digits that fail the Luhn check, as nine in ten such numbers do.
    [{utm: {utm_content: '23851234567890124'}}],
    [{reference: 'pi_3Mtw4242424242'}],
  ])('lets %j through', (body) => {
    expect(findCardData(body)).toBeNull();
  });
});
