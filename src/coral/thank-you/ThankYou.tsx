/**
 * The thank-you view: it renders what the rules in machine.ts decide. Side
 * effects live here: reading the hand-off and the URL, sharing, copying,
 * DOM events and dataLayer pushes.
 */
import {useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {readGiftHandoff, sessionStore} from '../daisychain/handoff';
import {DonateForm} from '../donate-form';
import {isOngoing, manageGiftLine} from '../shared/manageGift/ManageGift';
import {announce as announceFrom, configured, useGateway, type Announcer, type ViewProps} from '../shared/form';
import {newIdempotencyKey, type Gateway} from '../shared/gateway';
import {retryWait} from '../shared/guard';
import {formatMoney} from '../shared/money';
import {fill} from '../shared/template';
import ui from '../shared/ui/ui.module.css';
import {ShareActions} from '../shared/share/ShareActions';
import {dataLayerFor, eventFor, type Notice} from './events';
import {
  createDeclinedMemory,
  giftKey,
  headingOf,
  initialUpgrade,
  messagesFor,
  monthlyFormConfig,
  parseGiftParams,
  receiptRows,
  reduceUpgrade,
  resolveReceipt,
  upgradeOffer,
  type Receipt,
  type UpgradeState,
} from './machine';
import type {ThankYouMessages} from './messages';
import {parseThankYouConfig, type PhotoConfig, type ThankYouConfig} from './schema';
import styles from './ThankYou.module.css';

export type ThankYouProps = {
  /** The config, as JSON would give it; checked against the schema before anything renders. */
  config: unknown;
  /** The component's element id. */
  id?: string;
  /** Replaces the gateway the config names for the monthly form, e.g. in tests. */
  gateway?: Gateway;
  /** The level of the main heading, to fit the page's outline: 1 on a page of its own. */
  headingLevel?: 1 | 2 | 3;
};

/** Thanks the supporter for a gift handed over or named in the URL, with share actions and a monthly ask. */
export const ThankYou = configured<ThankYouProps, ThankYouConfig>('thank-you', parseThankYouConfig, ThankYouView);

/** Gifts whose monthly ask was declined while this page is open: the ask comes once, even if the component mounts again. */
const declinedOnThisPage = createDeclinedMemory(sessionStore);

type Announce = (notice: Notice) => void;
type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4';

function ThankYouView({config, id, gateway, headingLevel = 2}: ViewProps<ThankYouProps, ThankYouConfig, never>): ReactNode {
  const uid = useId();
  const partId = (name: string) => `${id ?? uid}-${name}`;
  const messages = useMemo(() => messagesFor(config), [config]);
  const root = useRef<HTMLElement>(null);
  // What the page knows about the gift is read after the first render: storage and the URL are not there on the server.
  const [gift, setGift] = useState<{receipt: Receipt | null; pageHref: string} | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradeState>({status: 'none'});

  const announcer: Announcer<Notice> = {
    eventFor: (notice) => eventFor(config, notice),
    dataLayerFor: (notice) => dataLayerFor(config, notice),
    analytics: config.analytics,
  };
  const announce: Announce = (notice) => announceFrom(root.current, announcer, notice);

  useEffect(() => {
    let params = null;
    if (config.urlParams) {
      const {values, warnings} = parseGiftParams(window.location.search);
      for (const warning of warnings) console.warn(warning);
      params = values;
    }
    const receipt = resolveReceipt(readGiftHandoff(sessionStore()), params, config.currency);
    const first = initialUpgrade(upgradeOffer(config, receipt), receipt !== null && declinedOnThisPage.has(giftKey(receipt)));
    // Storage and the URL exist only in the browser: read once after hydration, so the server's markup and the first render agree.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the one read of the browser's state, after hydration
    setGift({receipt, pageHref: window.location.href});
    setUpgrade(first);
    announce({type: 'view', receipt});
    if (first.status === 'shown') announce({type: 'upsell', action: 'shown', offer: first.offer});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount
  }, []);

  const held = useGateway(config.gateway, gateway);
  const answer = (type: 'accept' | 'decline') => {
    if (upgrade.status !== 'shown' && upgrade.status !== 'limited') return;
    const kept = gift?.receipt;
    // The one-off gift kept its card: the monthly gift starts on it in one tap, with no second form.
    const oneTap = Boolean(held.upgrade && kept?.upgradeToken && kept.reference);
    const next = reduceUpgrade(upgrade, type === 'accept' ? {type, oneTap} : {type});
    setUpgrade(next);
    if (type === 'decline' && kept) declinedOnThisPage.add(giftKey(kept));
    announce({type: 'upsell', action: type === 'accept' ? 'accepted' : 'declined', offer: upgrade.offer});
    if (next.status === 'charging' && kept?.upgradeToken && kept.reference && held.upgrade) {
      const ask = {reference: kept.reference, token: kept.upgradeToken, amount: next.offer.monthly, currency: config.currency};
      void held
        .upgrade(ask, {idempotencyKey: newIdempotencyKey()})
        .catch(() => ({status: 'error', outcome: 'unknown', retryable: false, detail: 'the payment code failed'}) as const)
        .then((result) => setUpgrade((current) => reduceUpgrade(current, {type: 'charged', result})));
    }
  };

  const Heading = `h${headingLevel}` as HeadingTag;
  const SubHeading = `h${headingLevel + 1}` as HeadingTag;
  const receipt = gift?.receipt ?? null;
  const heading = headingOf(receipt, messages);
  const body = receipt ? messages.body : messages.bodyNoGift;
  const photography = config.variant === 'photography' && config.photo;

  return (
    <article
      id={id}
      ref={root}
      className={`${ui.theme} ${styles.thankYou}`}
      data-theme={config.theme}
      data-variant={config.variant}
      aria-labelledby={partId('heading')}
      part="thank-you"
    >
      {photography ? (
        <Hero photo={config.photo!} Heading={Heading} headingId={partId('heading')} heading={heading} body={body} />
      ) : (
        <header className={styles.header}>
          <Heading id={partId('heading')} className={styles.heading}>
            {heading}
          </Heading>
          <p className={styles.lead}>{body}</p>
        </header>
      )}
      <div className={styles.content}>
        {receipt && (
          <ReceiptList receipt={receipt} config={config} messages={messages} Heading={SubHeading} headingId={partId('receipt')} />
        )}
        {upgrade.status !== 'none' && (
          <UpgradeAsk
            config={config}
            messages={messages}
            state={upgrade}
            onAnswer={answer}
            gateway={held}
            Heading={SubHeading}
            headingId={partId('ask')}
            formLevel={(headingLevel + 1) as 2 | 3 | 4}
          />
        )}
        {gift && (
          <ShareActions
            share={config.share}
            messages={messages}
            pageHref={gift.pageHref}
            onShare={(method, outcome) => announce({type: 'share', method, outcome})}
            Heading={SubHeading}
            headingId={partId('share')}
            className={styles.section}
          />
        )}
      </div>
    </article>
  );
}

function Hero({
  photo,
  Heading,
  headingId,
  heading,
  body,
}: {
  photo: PhotoConfig;
  Heading: HeadingTag;
  headingId: string;
  heading: string;
  body: string;
}) {
  const srcSet = [...photo.srcset]
    .sort((a, b) => a.width - b.width)
    .map((source) => `${source.src} ${source.width}w`)
    .join(', ');
  return (
    <figure className={styles.hero} part="hero">
      <div className={styles.heroMedia}>
        {/* The hero is the largest thing on the page: loaded at once and first, never lazily. */}
        <img
          className={styles.heroImage}
          src={photo.src}
          srcSet={srcSet}
          sizes={photo.sizes}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          fetchPriority="high"
          part="hero-image"
        />
        <div className={styles.heroText}>
          <Heading id={headingId} className={styles.heading}>
            {heading}
          </Heading>
          <p className={styles.lead}>{body}</p>
        </div>
      </div>
      <figcaption className={styles.caption} part="caption">
        {photo.caption && <span>{photo.caption}</span>} <span className={styles.credit}>{photo.credit}</span>
      </figcaption>
    </figure>
  );
}

function ReceiptList({
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

const prefersStillness = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;

function UpgradeAsk({
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
  onAnswer: (type: 'accept' | 'decline') => void;
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
  const money = (cents: number) => formatMoney(cents, config);
  const reply = (type: 'accept' | 'decline') => {
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
  const amount = money(state.offer.monthly);
  if (state.status === 'accepted') {
    return (
      <div ref={after} tabIndex={-1} className={styles.monthlyForm} part="monthly-form">
        {state.refused && <p role="alert">{state.refused === 'bot-check' ? messages.upgradeBotCheck : messages.upgradeRefused}</p>}
        <DonateForm config={monthlyFormConfig(config, state.offer, messages)} gateway={gateway} headingLevel={formLevel} />
      </div>
    );
  }
  if (state.status !== 'shown' && state.status !== 'limited') {
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
