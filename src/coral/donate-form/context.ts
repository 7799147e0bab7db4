import {createContext, useContext, type RefObject} from 'react';
import type {FieldUse, PaymentChecksLoad} from '../shared/fields';
import type {Gateway} from '../shared/gateways';
import type {BotCheckSlot} from './botCheck';
import type {Cents} from '../shared/money';
import type {DonateFormMessages} from './messages';
import type {DonateFormConfig} from './schema';
import type {Action, Checks, DonateState, FieldName} from './state';

/** What every part of the donate form's view reads: one value instead of a prop for each. */
export type DonateFormContextValue = {
  config: DonateFormConfig;
  state: DonateState;
  dispatch: (action: Action) => void;
  messages: DonateFormMessages;
  /** Problems that show now, by control. */
  shown: Partial<Record<FieldName, string>>;
  /** The id of one of the form's elements, unique on the page. */
  fieldId: (name: string) => string;
  money: (cents: Cents) => string;
  /** The level of the form's section headings. */
  SubHeading: 'h3';
  /** True once the form has rendered: a section mounting after that has just opened. */
  opened: RefObject<boolean>;
  /** The gateway gifts go to; a processor's own payment fields come from it. */
  gateway: Gateway;
  /** The bot check's latest state, when the config has one: the view's widget writes it, sending reads it. */
  botCheck: BotCheckSlot | null;
  /** The checks a step change or a submit needs: they wait for the phone's check when a number was typed, and a submit for the sandbox's card checks. */
  checksReady: () => Promise<Checks>;
  /** Given the form's focus and input events: loads the phone's check when the phone field is first used. */
  onFieldUse: (event: FieldUse) => void;
  /** The sandbox's card and bank checks, which its test fields wait for; never loaded for another gateway. */
  paymentChecks: PaymentChecksLoad;
};

export const DonateFormContext = createContext<DonateFormContextValue | null>(null);

export function useDonateFormContext(): DonateFormContextValue {
  const value = useContext(DonateFormContext);
  if (!value) throw new Error('Coral: a donate form part was rendered outside its form.');
  return value;
}
