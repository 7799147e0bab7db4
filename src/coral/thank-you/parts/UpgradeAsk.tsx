import {useLayoutEffect, useRef, useState} from 'react';
import {DonateForm} from '../../donate-form';
import {manageGiftLine} from '../../shared/ui';
import {type Gateway, retryWait} from '../../shared/gateways';
import {formatMoney} from '../../shared/money';
import {fill} from '../../shared/basics';
import ui from '../../shared/ui/ui.module.css';
import {answerable, monthlyFormConfig} from '../derive';
import type {ThankYouMessages} from '../messages';
import type {ThankYouConfig} from '../schema';
import type {HeadingTag, UpgradeState} from '../state';
import styles from '../ThankYou.module.css';

const prefersStillness = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;

/** The monthly ask, and what replaces it once answered: thanks, the monthly form, or the one-tap gift's progress. */
export function UpgradeAsk({
  config,
  messages,
  state,
  onAnswer,
  gateway,
  Heading,
  headingId,
  formLevel,
}: {
  config: ThankYouConfig;
  messages: ThankYouMessages;
  state: Exclude<UpgradeState, {status: 'none'}>;
  onAnswer: (type: 'accept' | 'decline' | 'retry') => void;
  gateway?: Gateway;
  Heading: HeadingTag;
  headingId: string;
  formLevel: 2 | 3 | 4;
}) {
  const after = useRef<HTMLDivElement>(null);
  const [answered, setAnswered] = useState(false);
  useLayoutEffect(() => {
    // The buttons that had focus are gone: move it to what replaced them, not back to the top of the page.
    if (!answered || state.status === 'shown') return;
    after.current?.focus();
    after.current?.scrollIntoView?.({behavior: prefersStillness() ? 'auto' : 'smooth', block: 'nearest'});
  }, [answered, state.status]);
  const reply = (type: 'accept' | 'decline' | 'retry') => {
    setAnswered(true);
    onAnswer(type);
  };

  if (state.status === 'declined') {
    // Declined earlier on this page: nothing to say. Just declined: a word of thanks where the ask was.
    if (!answered) return null;
    return (
      <div ref={after} tabIndex={-1} className={styles.declined}>
        <p>{messages.upgradeDeclined}</p>
      </div>
    );
  }
  const amount = formatMoney(state.offer.monthly, config);
  if (state.status === 'accepted') {
    return (
      <div ref={after} tabIndex={-1} className={styles.monthlyForm} part="monthly-form">
        {state.refused && <p role="alert">{state.refused === 'bot-check' ? messages.upgradeBotCheck : messages.upgradeRefused}</p>}
        <DonateForm config={monthlyFormConfig(config, state.offer, messages)} gateway={gateway} headingLevel={formLevel} />
      </div>
    );
  }
  if (state.status === 'busy') {
    // Another tap's gift is being made: trying again asks for its outcome, and starts no second gift.
    return (
      <div ref={after} tabIndex={-1} className={styles.declined} part="upgrade-result">
        <p role="status">{messages.upgradeBusy}</p>
        <button type="button" className={ui.button} onClick={() => reply('retry')}>
          {messages.upgradeRetry}
        </button>
      </div>
    );
  }
  if (!answerable(state)) {
    // One tap: on its way, then done, or without an answer.
    const text =
      state.status === 'charging'
        ? messages.upgradeCharging
        : state.status === 'upgraded'
          ? fill(messages.upgradeDone, {amount, reference: state.reference})
          : messages.upgradeUnconfirmed;
    const manage = state.status === 'upgraded' ? manageGiftLine(config, messages) : null;
    return (
      <div ref={after} tabIndex={-1} className={styles.declined} role="status" part="upgrade-result">
        <p>{text}</p>
        {manage !== null && <p className={styles.manageGift}>{manage}</p>}
      </div>
    );
  }
  return (
    <section className={styles.ask} aria-labelledby={headingId} part="upgrade">
      <Heading id={headingId} className={styles.subheading}>
        {fill(messages.upgradeAsk, {amount})}
      </Heading>
      {state.status === 'limited' ? (
        <div ref={after} tabIndex={-1} role="alert" part="upgrade-result">
          <p>{fill(messages.upgradeLimited, {wait: retryWait(messages, state.retryAfter, config.locale)})}</p>
        </div>
      ) : (
        <p>{messages.upgradeBody}</p>
      )}
      <div className={styles.buttons}>
        <button type="button" className={ui.button} onClick={() => reply('accept')}>
          {fill(messages.upgradeAccept, {amount})}
        </button>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => reply('decline')}>
          {messages.upgradeDecline}
        </button>
      </div>
    </section>
  );
}
