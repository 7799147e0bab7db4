/** The sign button, and the status line that says the signature is on its way. */
import type {ReactNode} from 'react';
import {SendingLabel} from '../../shared/ui';
import ui from '../../shared/ui/ui.module.css';
import {usePowerformContext} from '../context';
import {uncertain} from '../derive';
import styles from '../Powerform.module.css';

export function Submit(): ReactNode {
  const {state, messages} = usePowerformContext();
  const sending = state.submission.status === 'sending';
  const again = uncertain(state);
  return (
    <>
      <p role="status" className={ui.visuallyHidden}>
        {sending ? messages.submitting : ''}
      </p>
      {/* aria-disabled, not disabled: the button keeps focus while the signature is sent, and a second press is ignored. */}
      {/* After no answer, the signature may be in: no full-width "Sign now" beside that, only a quiet way to send it
          again, under the same key, so a service that has it records nothing twice. */}
      <button
        type="submit"
        className={again ? `${ui.button} ${ui.secondary}` : `${ui.button} ${styles.submit}`}
        aria-disabled={sending || undefined}
        part="submit"
      >
        <SendingLabel sending={sending} busy={messages.submitting}>
          {again ? messages.submitAgain : messages.submit}
        </SendingLabel>
      </button>
    </>
  );
}
