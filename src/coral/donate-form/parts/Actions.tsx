/** The form's buttons: open, next, back or give; the payment's failure; and the monthly upgrade ask. */
import {useLayoutEffect, useRef, type ReactNode} from 'react';
import {newIdempotencyKey as newKey, retryWait} from '../../shared/gateways';
import {fill} from '../../shared/basics';
import {SendingLabel} from '../../shared/ui';
import ui from '../../shared/ui/ui.module.css';
import {useDonateFormContext} from '../context';
import {today} from '../useDonateForm';
import {buttonAmountOf, canGoBack, chargeFor, primaryAction} from '../derive';
import styles from '../DonateForm.module.css';
import type {DonateFormMessages} from '../messages';
import type {DonateState} from '../state';
import {Reassurance} from './Reassurance';

export function Actions(): ReactNode {
  const {config, state, dispatch, messages, fieldId, money, checksReady, gateway} = useDonateFormContext();
  const button = buttonAmountOf(config, state);
  const alert = useRef<HTMLDivElement>(null);
  /** The ask's heading while it shows; once it is answered, the give button, since the answer's button is gone with it. */
  const asked = useRef<HTMLParagraphElement & HTMLButtonElement>(null);
  const {submission, upsell} = state;
  useLayoutEffect(() => {
    if (submission.status === 'failed') alert.current?.focus();
  }, [submission]);
  useLayoutEffect(() => {
    if (upsell.status !== 'none') asked.current?.focus();
  }, [upsell.status]);

  const primary = primaryAction(config, state);
  if (primary === 'expand') {
    return (
      <button type="submit" className={`${ui.button} ${styles.submit}`} part="submit">
        {fill(messages.openForm, {amount: button === null ? '' : money(button)}).trim()}
      </button>
    );
  }

  const answer = async (reply: 'accept' | 'decline') => {
    // No thanks sends the one-off gift the processor's fields hold: they check it first, within the click. Yes changes
    // the gift they hold (a change they take only after the click), so the give button's click checks them instead.
    if (reply === 'decline') gateway.fields?.submit?.();
    dispatch({type: 'upsell', answer: reply, checks: await checksReady(), key: newKey(), date: today()});
  };

  const sending = submission.status === 'sending';
  return (
    <div className={styles.actions}>
      <p role="status" className={ui.visuallyHidden}>
        {sending ? messages.submitting : ''}
      </p>
      {submission.status === 'failed' && (
        <div ref={alert} className={ui.failure} role="alert" tabIndex={-1} part="payment-error">
          <p className={styles.failureTitle}>{messages.paymentFailedHeading}</p>
          <p>{failureText(messages, submission, config.locale)}</p>
        </div>
      )}
      {upsell.status === 'shown' ? (
        <div className={styles.upsell} role="group" aria-labelledby={fieldId('upsell')} part="upsell">
          <p ref={asked} id={fieldId('upsell')} className={styles.upsellTitle} tabIndex={-1}>
            {fill(messages.upsellAsk, {monthly: money(upsell.monthly)})}
          </p>
          <p>{messages.upsellBody}</p>
          <div className={styles.buttons}>
            {/* Each button names what it will charge, the cover fee included when ticked. */}
            <button type="button" className={ui.button} onClick={() => void answer('accept')}>
              {fill(messages.upsellAccept, {monthly: money(chargeFor(config, state, upsell.monthly, 'monthly'))})}
            </button>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => void answer('decline')}>
              {fill(messages.upsellDecline, {amount: money(chargeFor(config, state, upsell.oneOff, 'one-off'))})}
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.buttons}>
          {canGoBack(config, state) && (
            <button
              type="button"
              className={`${ui.button} ${ui.secondary}`}
              onClick={() => dispatch({type: 'back'})}
              aria-disabled={sending || undefined}
            >
              {messages.back}
            </button>
          )}
          {primary === 'submit' ? (
            // aria-disabled, not disabled: the button keeps focus while the gift is sent, and the machine ignores a second press.
            <button
              ref={asked}
              type="submit"
              className={`${ui.button} ${styles.submit}`}
              aria-disabled={sending || undefined}
              part="submit"
            >
              <SendingLabel sending={sending} busy={messages.submitting}>
                {fill(messages[`submit.${state.frequency}`], {amount: button === null ? '' : money(button)}).trim()}
              </SendingLabel>
            </button>
          ) : (
            <button type="submit" className={`${ui.button} ${styles.submit}`} part="next">
              {messages.next}
            </button>
          )}
        </div>
      )}
      {primary === 'submit' && upsell.status !== 'shown' && <Reassurance />}
    </div>
  );
}

function failureText(
  messages: DonateFormMessages,
  submission: Extract<DonateState['submission'], {status: 'failed'}>,
  locale: string,
): string {
  const {result} = submission;
  if (result.status === 'guarded') {
    return result.reason === 'bot-check'
      ? messages['guard.bot-check']
      : fill(messages['guard.rate-limited'], {wait: retryWait(messages, result.retryAfter, locale)});
  }
  if (result.status === 'declined') {
    const code = result.code ?? (submission.method === 'direct-debit' ? 'bank' : 'card');
    return fill(messages.declined, {reason: messages[`decline.${code}`]});
  }
  if (result.outcome === 'not-charged') return messages.notCharged;
  return fill(messages.unknownOutcome, {reference: submission.key.slice(0, 8).toUpperCase()});
}
