/** What the daisychain hands from page to page, as the tests hand it over: one signer and one gift. */
import type {GiftHandoff, SupporterHandoff} from '../../daisychain';

/** A petition signer with every field filled in, as the powerform hands them to the donate form. */
export const signer: SupporterHandoff = {
  firstName: 'Mere',
  lastName: 'Tane',
  email: 'mere@example.org',
  phone: '+61412345678',
  postcode: '2000',
  consent: true,
  campaign: 'save-the-reef',
};

/** A one-off gift of $60, as the donate form hands it to a thank-you page. */
export const gift: GiftHandoff = {
  firstName: 'Mere',
  amount: 6000,
  currency: 'AUD',
  frequency: 'one-off',
  reference: 'CRL-7Q2K9',
  date: '2026-03-14T02:30:00.000Z',
  campaign: 'save-the-reef',
};
