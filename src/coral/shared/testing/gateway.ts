import type {GiftIntent, Signup} from '../gateway';

/** A one-off card gift, as the donate form hands it to a gateway. */
export const intent = (number = '4242424242424242'): GiftIntent => ({
  campaign: 'reef',
  amount: 3500,
  fee: 0,
  currency: 'AUD',
  frequency: 'one-off',
  supporter: {firstName: 'Mere', email: 'mere@example.org', consent: false},
  payment: {method: 'card', number, expiry: {month: 4, year: 2029}, cvc: '123'},
  utm: {},
});

/** A petition signature, as the powerform hands it to a gateway. */
export const signup = (email = 'mere@example.org'): Signup => ({
  campaign: 'reef',
  sourceCode: 'PF-REEF',
  variant: 'petition',
  supporter: {firstName: 'Mere', email, postcode: '2000', consent: true},
  answer: {id: 'why', value: 'For my kids'},
  utm: {utm_source: 'email'},
});
