import {createContext, useContext} from 'react';
import type {ShareMethod, ShareOutcome} from '../shared/share';
import type {PowerformMessages} from './messages';
import type {PowerformConfig} from './schema';
import type {Action, FieldName, PowerformState} from './state';

/** What one control of the form is given by the form: its element id, whether it is required, and the message under it. */
export type Control = {id: string; required: boolean; error: string | undefined};

/** What every part of the powerform's view reads: one value instead of a prop for each. */
export type PowerformContextValue = {
  config: PowerformConfig;
  state: PowerformState;
  dispatch: (action: Action) => void;
  messages: PowerformMessages;
  /** Problems that show now, by control. */
  shown: Partial<Record<FieldName, string>>;
  /** The id of one of the form's elements, unique on the page. */
  fieldId: (name: string) => string;
  control: (field: FieldName) => Control;
  /** The level of the form's sub-headings. */
  SubHeading: 'h3';
  /** Tells the page how a share from the thanks went. */
  onShare: (method: ShareMethod, outcome: ShareOutcome) => void;
};

export const PowerformContext = createContext<PowerformContextValue | null>(null);

export function usePowerformContext(): PowerformContextValue {
  const value = useContext(PowerformContext);
  if (!value) throw new Error('Coral: a powerform part was rendered outside its form.');
  return value;
}
