import type {GiftIntent, Signup, TestPayment} from '../gateways';

/** A one-off card gift, as the donate form hands it to a gateway. */
export const intent = (): GiftIntent => ({
  campaign: 'reef',
  amount: 3500,
  fee: 0,
  currency: 'AUD',
  frequency: 'one-off',
  supporter: {firstName: 'Mere', email: 'mere@example.org', consent: false},
  method: 'card',
  utm: {},
});

/** A test card typed into the sandbox's fields. */
export const testCard = (number = '4242424242424242'): TestPayment => ({
  method: 'card',
  number,
  expiry: {month: 4, year: 2029},
  cvc: '123',
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
