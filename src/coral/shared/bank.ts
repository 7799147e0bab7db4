/** Australian direct debit details: BSB, account number and account name. */
import {accept, refuse, type Check} from './result';

export function validateBsb(input: string): Check<string> {
  const digits = input.trim().replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(digits)) return refuse('A BSB is 6 digits, like 062-000.');
  return accept(`${digits.slice(0, 3)}-${digits.slice(3)}`);
}

export function validateAccountNumber(input: string): Check<string> {
  const digits = input.trim().replace(/[\s-]/g, '');
  if (!/^\d{5,9}$/.test(digits)) return refuse('An account number is 5 to 9 digits.');
  return accept(digits);
}

export function validateAccountName(input: string): Check<string> {
  const name = input.trim().replace(/\s+/g, ' ');
  if (name === '') return refuse('Enter the name on the account.');
  if (name.length > 32) return refuse('The account name can be at most 32 characters, as your bank shows it.');
  return accept(name);
}
