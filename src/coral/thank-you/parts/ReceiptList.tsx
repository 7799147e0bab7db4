import {isOngoing} from '../../shared/money';
import {manageGiftLine} from '../../shared/ui';
import {receiptRows} from '../derive';
import type {ThankYouMessages} from '../messages';
import type {ThankYouConfig} from '../schema';
import type {HeadingTag, Receipt} from '../state';
import styles from '../ThankYou.module.css';

/** The gift as a description list of what is known, with the way to change or cancel an ongoing one. */
export function ReceiptList({
  receipt,
  config,
  messages,
  Heading,
  headingId,
}: {
  receipt: Receipt;
  config: ThankYouConfig;
  messages: ThankYouMessages;
  Heading: HeadingTag;
  headingId: string;
}) {
  const rows = receiptRows(receipt, messages, config.locale);
  if (rows.length === 0) return null;
  const manage = isOngoing(receipt.frequency) ? manageGiftLine(config, messages) : null;
  return (
    <section className={styles.section} aria-labelledby={headingId} part="receipt">
      <Heading id={headingId} className={styles.subheading}>
        {messages.receiptHeading}
      </Heading>
      <dl className={styles.receipt}>
        {rows.map((row) => (
          <div key={row.key} className={styles.receiptRow} data-key={row.key}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {manage !== null && <p className={styles.manageGift}>{manage}</p>}
    </section>
  );
}
