/** The box a signer ticks to hear more from the organisation. */
import type {ReactNode} from 'react';
import {Checkbox} from '../../shared/ui';
import {usePowerformContext} from '../context';

export function Consent(): ReactNode {
  const {state, dispatch, messages, control} = usePowerformContext();
  return (
    <Checkbox
      {...control('consent')}
      label={messages.consentLabel}
      checked={state.consent}
      onChange={(value) => dispatch({type: 'consent', value})}
    />
  );
}
