/**
 * The donate form's parts that load on demand (./later.ts), each with what
 * stands in its place meanwhile: room of the same kind, so nothing below
 * jumps, and, when the code cannot load, what the part itself says when the
 * service behind it fails.
 */
import {useEffect, type ReactNode} from 'react';
import {lazyPart, type WaitingProps} from '../../shared/ui';
import ui from '../../shared/ui/ui.module.css';
import {useDonateFormContext} from '../context';
import {entryOf, methodsFor} from '../derive';
import styles from '../DonateForm.module.css';
import {FieldsFailed} from './FieldsFailed';

const later = () => import('./later');

function FieldsWaiting({failed, retry}: WaitingProps): ReactNode {
  const {config, state, messages, fieldId, dispatch} = useDonateFormContext();
  useEffect(() => {
    // The form holds the gift back with the fields' own message until they are there.
    if (failed) dispatch({type: 'payment-fields', status: {status: 'failed', detail: 'the payment fields did not load'}});
  }, [failed, dispatch]);
  return (
    <div id={fieldId('paymentFields')} className={styles.processorFields} tabIndex={-1} aria-busy={!failed || undefined}>
      {/* The sandbox's card number's hint as it will be, unseen beneath the message: it takes the lines it will. */}
      {entryOf(config) === 'test-fields' && (
        <span className={ui.hint} data-methods={methodsFor(config, state.frequency).length}>
          {messages.cardBrandsHint}
        </span>
      )}
      {failed ? <FieldsFailed retry={retry} /> : <p className={ui.hint}>{messages.paymentFieldsLoading}</p>}
    </div>
  );
}

/** A processor's own payment fields: the `stripe` gateway's. */
export const ProcessorFields = lazyPart(() => later().then((module) => module.ProcessorFields), FieldsWaiting);

const TestFieldsPart = lazyPart(() => later().then((module) => module.TestFields), FieldsWaiting);

/**
 * The sandbox's own test fields. Their checks load apart from their code (the
 * form began fetching them as it first rendered): the same room waits for
 * both, and says so, with a way to try again, when either cannot load.
 */
export function TestFields(): ReactNode {
  const {paymentChecks} = useDonateFormContext();
  const {checks, failed, load} = paymentChecks;
  // The fields' code is fetched alongside their checks, not after them.
  useEffect(() => TestFieldsPart.preload(), []);
  if (checks) return <TestFieldsPart checks={checks} />;
  return <FieldsWaiting failed={failed} retry={() => void load()} />;
}

function BotCheckWaiting({failed}: WaitingProps): ReactNode {
  const {botCheck} = useDonateFormContext();
  useEffect(() => {
    // Without the widget's code the bot check is unavailable, as when Turnstile's own script cannot load.
    if (failed) botCheck?.report({status: 'unavailable'});
  }, [failed, botCheck]);
  return <div className={styles.botCheck} part="bot-check" />;
}

/** The bot check's room above the give button, for a config with a site key. */
export const BotCheck = lazyPart(() => later().then((module) => module.BotCheck), BotCheckWaiting);

function ReceiptWaiting({failed}: WaitingProps): ReactNode {
  const {messages, state} = useDonateFormContext();
  const {submission} = state;
  return (
    <div className={styles.thankYou} part="thank-you">
      {failed && submission.status === 'done' && (
        <p role="status">
          {messages.thankYouHeadingNoName} {messages.receiptReference}: {submission.reference}
        </p>
      )}
    </div>
  );
}

/** Thanks and the receipt, once the gift is made; fetched as soon as the gift is on its way. */
export const Receipt = lazyPart(() => later().then((module) => module.Receipt), ReceiptWaiting);

function LeavingWaiting(): ReactNode {
  const {messages, state} = useDonateFormContext();
  if (state.submission.status !== 'leaving') return null;
  return (
    <div className={styles.thankYou} part="leaving">
      <p>
        <a href={state.submission.url}>{messages.leavingLink}</a>
      </p>
    </div>
  );
}

/** On the way to the processor's hosted payment page. */
export const Leaving = lazyPart(() => later().then((module) => module.Leaving), LeavingWaiting);
