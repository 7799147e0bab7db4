import type {ReactNode} from 'react';
import ui from '../../shared/ui/ui.module.css';
import {useDonateFormContext} from '../context';

/** The processor's fields, or their code, could not load: said as an alert, with a way to try again. */
export function FieldsFailed({retry}: {retry: () => void}): ReactNode {
  const {messages} = useDonateFormContext();
  return (
    <div className={ui.failure} role="alert">
      <p>{messages.paymentFieldsFailed}</p>
      <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={retry}>
        {messages.paymentFieldsRetry}
      </button>
    </div>
  );
}
