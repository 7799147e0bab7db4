/** Australian direct debit details: BSB, account number and account name. */
import {BANK_MESSAGES, type Messages, accept, refuse, type Check, fill} from '../basics';
import type {FieldsChecked} from './card';

type BankMessages = Messages<typeof BANK_MESSAGES>;

export function validateBsb(input: string, messages: BankMessages = BANK_MESSAGES): Check<string> {
  const digits = input.trim().replace(/[\s-]/g, '');
  if (digits === '') return refuse(messages.bsbMissing);
  if (!/^\d{6}$/.test(digits)) return refuse(messages.bsbInvalid);
  return accept(`${digits.slice(0, 3)}-${digits.slice(3)}`);
}

export function validateAccountNumber(input: string, messages: BankMessages = BANK_MESSAGES): Check<string> {
  const digits = input.trim().replace(/[\s-]/g, '');
  if (digits === '') return refuse(messages.accountMissing);
  if (!/^\d{5,9}$/.test(digits)) return refuse(messages.accountInvalid);
  return accept(digits);
}

export function validateAccountName(input: string, messages: BankMessages = BANK_MESSAGES): Check<string> {
  const name = input.trim().replace(/\s+/g, ' ');
  if (name === '') return refuse(messages.accountNameMissing);
  if (name.length > 32) return refuse(fill(messages.accountNameTooLong, {max: 32}));
  return accept(name);
}

/** The sandbox's test direct debit fields checked together. */
export function checkDebit(
  typed: {bsb: string; account: string; accountName: string},
  messages: BankMessages = BANK_MESSAGES,
): FieldsChecked<'bsb' | 'account' | 'accountName', {bsb: string; account: string; name: string}> {
  const bsb = validateBsb(typed.bsb, messages);
  const account = validateAccountNumber(typed.account, messages);
  const name = validateAccountName(typed.accountName, messages);
  return {
    found: {
      ...(bsb.ok ? {} : {bsb: bsb.reason}),
      ...(account.ok ? {} : {account: account.reason}),
      ...(name.ok ? {} : {accountName: name.reason}),
    },
    value: bsb.ok && account.ok && name.ok ? {bsb: bsb.value, account: account.value, name: name.value} : null,
  };
}
