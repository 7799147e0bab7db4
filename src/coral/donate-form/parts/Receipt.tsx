/** What the form shows once the gift is made: thanks, and the receipt. */
import {useLayoutEffect, useRef, type ReactNode} from 'react';
import {isOngoing, formatMoney} from '../../shared/money';
import {manageGiftLine} from '../../shared/ui';
import {fill} from '../../shared/basics';
import {useDonateFormContext} from '../context';
import {totalSentence} from '../derive';
import styles from '../DonateForm.module.css';

export function Receipt(): ReactNode {
  const {config, messages, state, SubHeading: Heading} = useDonateFormContext();
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);
  if (state.submission.status !== 'done') return null;
  const {intent, reference, total, date} = state.submission;
  const name = intent.supporter.firstName;
  const when = new Intl.DateTimeFormat(config.locale, {dateStyle: 'long'}).format(new Date(date));
  const manage = isOngoing(intent.frequency) ? manageGiftLine(config, messages) : null;
  return (
    <div className={styles.thankYou} part="thank-you">
      <Heading ref={heading} tabIndex={-1} className={styles.stepHeading}>
        {name ? fill(messages.thankYouHeading, {name}) : messages.thankYouHeadingNoName}
      </Heading>
      <p>{messages.thankYouBody}</p>
      {intent.upgrade?.accepted && <p>{fill(messages.thankYouUpgraded, {amount: formatMoney(intent.upgrade.from.amount, config)})}</p>}
      <dl className={styles.receipt}>
        <dt>{messages.receiptAmount}</dt>
        <dd>{totalSentence(config, intent.frequency, total)}</dd>
        <dt>{messages.receiptReference}</dt>
        <dd>{reference}</dd>
        <dt>{messages.receiptDate}</dt>
        <dd>{when}</dd>
      </dl>
      {manage && <p>{manage}</p>}
    </div>
  );
}

/** On the way to the processor's hosted payment page: said aloud, with a link in case the page does not move. */
export function Leaving(): ReactNode {
  const {messages, state} = useDonateFormContext();
  const status = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => status.current?.focus(), []);
  if (state.submission.status !== 'leaving') return null;
  return (
    <div className={styles.thankYou} part="leaving">
      <p ref={status} tabIndex={-1} role="status">
        {messages.leaving}
      </p>
      <p>
        <a href={state.submission.url}>{messages.leavingLink}</a>
      </p>
    </div>
  );
}
