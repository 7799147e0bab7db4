/** Why the last signature did not go through; it takes focus, so the signer hears it at once. */
import {useLayoutEffect, useRef, type ReactNode} from 'react';
import ui from '../../shared/ui/ui.module.css';
import {usePowerformContext} from '../context';
import {failureText} from '../derive';

export function Failure(): ReactNode {
  const {state, messages} = usePowerformContext();
  const alert = useRef<HTMLDivElement>(null);
  const {submission} = state;
  useLayoutEffect(() => {
    if (submission.status === 'failed') alert.current?.focus();
  }, [submission]);
  if (submission.status !== 'failed') return null;
  return (
    <div ref={alert} className={ui.failure} role="alert" tabIndex={-1} part="signup-error">
      <p>{failureText(submission.result, messages)}</p>
    </div>
  );
}
