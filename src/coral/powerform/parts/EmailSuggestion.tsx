import type {ReactNode} from 'react';
import {fill} from '../../shared/basics';
import {useEmailSuggester} from '../../shared/fields';
import ui from '../../shared/ui/ui.module.css';
import {usePowerformContext} from '../context';
import {emailSuggestion} from '../derive';
import styles from '../Powerform.module.css';

/** The "did you mean …?" line; its region is always there, so a new suggestion is announced. Accepting it fixes the field. */
export function EmailSuggestion({onAccepted}: {onAccepted: () => void}): ReactNode {
  const {messages, state, dispatch} = usePowerformContext();
  const suggestion = emailSuggestion(state, useEmailSuggester(state.values.email));
  return (
    <p className={styles.suggestion} aria-live="polite" part="email-suggestion">
      {suggestion && (
        <>
          {fill(messages.emailSuggestion, {email: suggestion})}{' '}
          <button
            type="button"
            className={ui.linkButton}
            onClick={() => {
              dispatch({type: 'accept-suggestion', email: suggestion});
              onAccepted();
            }}
          >
            {fill(messages.emailSuggestionApply, {email: suggestion})}
          </button>
        </>
      )}
    </p>
  );
}
