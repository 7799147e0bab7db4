/** A supporter as a form's fields hold one, every field from the corpus: names, email, phone and postcode as typed, address. */
import fc from 'fast-check';
import {ADDRESSES, EMAILS, FIRST_NAMES, LAST_NAMES} from './people';
import {PHONES} from './phones';
import {POSTCODES} from './postcodes';

export const honestSupporter = fc.record({
  firstName: fc.constantFrom(...FIRST_NAMES),
  lastName: fc.constantFrom(...LAST_NAMES),
  email: fc.constantFrom(...EMAILS),
  phone: fc.constantFrom(...PHONES),
  postcode: fc.constantFrom(...POSTCODES),
  address: fc.constantFrom(...ADDRESSES),
  consent: fc.boolean(),
});
