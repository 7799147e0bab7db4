/**
 * The donate form's view: it renders the machine's state and dispatches its
 * actions. Side effects live here and only here: charging through the gateway,
 * DOM events and dataLayer pushes, browser history for the wizard, external
 * dollar handles and URL prefill.
 */
import {
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  type FormEvent,
  type ReactNode,
  type Ref,
} from 'react';
import {clearSupporterHandoff, readSupporterHandoff, sessionStore, writeGiftHandoff} from '../daisychain/handoff';
import {cardBrand} from '../shared/card';
import {suggestEmail} from '../shared/email';
import {createHttpGateway, createSandboxGateway, newIdempotencyKey as newKey, type Gateway} from '../shared/gateway';
import {pushDataLayer} from '../shared/analytics';
import {emit} from '../shared/events';
import {dollars, formatMoney, parseAmount, type Cents} from '../shared/money';
import {fill} from '../shared/template';
import {parseUrlParams} from '../shared/urlParams';
import {ConfigErrorBox} from '../shared/ui/ConfigErrorBox';
import {ErrorSummary, type SummaryItem} from '../shared/ui/ErrorSummary';
import {Checkbox, TextField} from '../shared/ui/TextField';
import {useMobileCheck, type MobileCheck} from '../shared/form/useMobileCheck';
import ui from '../shared/ui/ui.module.css';
import {dataLayerFor, eventFor} from './events';
import {
  amountOf,
  impactOf,
  initialState,
  messagesFor,
  methodsFor,
  reduce,
  shownProblems,
  stepsFor,
  STEPS,
  stepOf,
  totalOf,
  totalSentence,
  visibleSupporterFields,
  type Action,
  type Checks,
  type DonateState,
  type FieldName,
  type Step,
  type SupporterField,
  type TextField as TextFieldName,
} from './machine';
import type {DonateFormMessages} from './messages';
import {parseDonateFormConfig, type DonateFormConfig, type Frequency} from './schema';
import styles from './DonateForm.module.css';

export type DonateFormHandle = {
  /** Selects an amount in dollars (and optionally a frequency), as an external handle does. */
  setAmount: (amount: number, frequency?: Frequency) => void;
};

export type DonateFormProps = {
  /** The config, as JSON would give it; checked against the schema before anything renders. */
  config: unknown;
  /** The form's element id; external handles with `data-coral-target` name it. */
  id?: string;
  /** Replaces the gateway the config names, e.g. in tests. */
  gateway?: Gateway;
  /** The level of the form's heading, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
};

const configKey = (config: unknown): unknown => {
  try {
    return JSON.stringify(config);
  } catch {
    return config;
  }
};

export const DonateForm = forwardRef(function DonateForm(props: DonateFormProps, ref: Ref<DonateFormHandle>): ReactNode {
  const key = configKey(props.config);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- parse again only when the config's content changes
  const parsed = useMemo(() => parseDonateFormConfig(props.config), [key]);
  if (!parsed.ok) return <ConfigErrorBox component="donate form" errors={parsed.errors} />;
  return <DonateFormView {...props} config={parsed.config} handleRef={ref} />;
});

const today = () => new Date().toISOString();

type ViewProps = Omit<DonateFormProps, 'config'> & {config: DonateFormConfig; handleRef: Ref<DonateFormHandle>};

function DonateFormView({config, id, gateway: gatewayOverride, headingLevel = 2, handleRef}: ViewProps): ReactNode {
  const uid = useId();
  const fieldId = (name: string) => `${id ?? uid}-${name}`;
  const messages = useMemo(() => messagesFor(config), [config]);
  const steps = stepsFor(config);
  const wizard = config.layout === 'wizard';
  const [state, dispatch] = useReducer(
    (s: DonateState, a: Action) => reduce(config, s, a),
    config,
    (c) => initialState(c),
  );
  const phoneShown = config.fields.phone !== 'hidden';
  const [mobile, loadMobile] = useMobileCheck(phoneShown, config.locale);
  const checks: Checks = {now: new Date(), mobile};
  const root = useRef<HTMLFormElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    opened.current = true;
  }, []);
  const money = (cents: Cents) => formatMoney(cents, config);
  const gateway = useMemo<Gateway>(
    () =>
      gatewayOverride ??
      (config.gateway.type === 'sandbox'
        ? createSandboxGateway({delayMs: config.gateway.delayMs})
        : createHttpGateway({endpoint: config.gateway.endpoint, timeoutMs: config.gateway.timeoutMs})),
    [config.gateway, gatewayOverride],
  );

  // Checks that need the phone metadata wait for it, so a submit never skips the mobile check.
  const checksReady = async (): Promise<Checks> => ({
    now: new Date(),
    mobile: phoneShown && state.values.phone.trim() !== '' ? (mobile ?? (await loadMobile())) : mobile,
  });

  useImperativeHandle(handleRef, () => ({
    setAmount(amount, frequency) {
      dispatch({type: 'set-amount', amount: dollars(amount), frequency, source: 'api'});
    },
  }));

  useAnnouncements(config, state, root, steps);
  useCharging(state, gateway, dispatch);
  useWizardHistory(config, state, dispatch, id ?? config.campaign, mobile);
  useExternalHandles(config, state, root, id, dispatch);
  useUrlPrefill(config, dispatch, loadMobile);
  useSignerHandoff(config, state, dispatch);

  // After a gift, hand over to the thank-you page when one is configured: the summary (with the first
  // name) through session storage, and only non-personal values in its URL.
  useEffect(() => {
    if (state.submission.status !== 'done' || !config.thankYouUrl) return;
    const {intent, reference, total, date} = state.submission;
    writeGiftHandoff(sessionStore(), {
      ...(intent.supporter.firstName ? {firstName: intent.supporter.firstName} : {}),
      amount: total.amount,
      currency: config.currency,
      frequency: intent.frequency as Frequency,
      reference,
      date,
      campaign: config.campaign,
    });
    const url = new URL(config.thankYouUrl, window.location.href);
    url.searchParams.set('amount', String(total.amount / 100));
    url.searchParams.set('frequency', intent.frequency);
    url.searchParams.set('ref', reference);
    window.location.assign(url.toString());
  }, [state.submission, config.thankYouUrl, config.currency, config.campaign]);

  const shown = shownProblems(config, state, checks);
  const visibleSteps: readonly Step[] = wizard ? [state.step] : state.expanded ? STEPS : ['amount'];
  const summaryItems: SummaryItem[] = (Object.entries(shown) as [FieldName, string][])
    .filter(([field]) => visibleSteps.includes(stepOf(field)))
    .map(([field, message]) => ({id: fieldId(field), label: labelOf(field, messages), message}));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const ready = await checksReady();
    if (!state.expanded) {
      dispatch({type: 'expand'});
      if (wizard) dispatch({type: 'next', checks: ready});
      return;
    }
    if (wizard && state.step !== 'payment') return dispatch({type: 'next', checks: ready});
    dispatch({type: 'submit', checks: ready, key: newKey(), date: today()});
  };

  const Heading = `h${headingLevel}` as 'h2';
  const SubHeading = `h${headingLevel + 1}` as 'h3';
  const status = state.submission.status;

  return (
    <form
      id={id}
      ref={root}
      className={`${ui.theme} ${styles.form} ${styles[config.size]}`}
      data-theme={config.theme}
      data-size={config.size}
      data-layout={config.layout}
      data-state={status}
      aria-labelledby={fieldId('heading')}
      aria-busy={status === 'submitting' || undefined}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={(event) => {
        if (stepOfElement(event.target) !== 'amount') dispatch({type: 'engage'});
      }}
      part="form"
    >
      <Heading id={fieldId('heading')} className={styles.heading}>
        {state.greeting === null ? messages.heading : fill(messages.greeting, {name: state.greeting})}
      </Heading>
      {state.submission.status === 'done' ? (
        <ThankYou config={config} messages={messages} state={state} Heading={SubHeading} />
      ) : (
        <>
          {wizard && <StepIndicator steps={steps} current={state.step} messages={messages} />}
          <ErrorSummary
            title={fill(messages.errorSummary, {count: summaryItems.length})}
            items={summaryItems}
            focusKey={state.summaryFocus}
          />
          {visibleSteps.includes('amount') && (
            <AmountStep
              config={config}
              state={state}
              dispatch={dispatch}
              fieldId={fieldId}
              error={shown.otherAmount}
              Heading={SubHeading}
              opened={opened}
            />
          )}
          {wizard && state.step !== 'amount' && <GiftLine config={config} state={state} dispatch={dispatch} />}
          {visibleSteps.includes('details') && (
            <DetailsStep
              config={config}
              state={state}
              dispatch={dispatch}
              fieldId={fieldId}
              shown={shown}
              Heading={SubHeading}
              opened={opened}
            />
          )}
          {visibleSteps.includes('payment') && (
            <PaymentStep
              config={config}
              state={state}
              dispatch={dispatch}
              fieldId={fieldId}
              shown={shown}
              Heading={SubHeading}
              opened={opened}
            />
          )}
          <Actions config={config} state={state} dispatch={dispatch} checksReady={checksReady} money={money} fieldId={fieldId} />
        </>
      )}
    </form>
  );
}

// ——— pieces of the form ———

type PieceProps = {config: DonateFormConfig; state: DonateState; dispatch: (action: Action) => void};

function StepIndicator({steps, current, messages}: {steps: readonly Step[]; current: Step; messages: DonateFormMessages}) {
  return (
    <ol className={styles.steps} part="steps">
      {steps.map((step, i) => (
        <li key={step} aria-current={step === current ? 'step' : undefined} data-done={steps.indexOf(current) > i ? '' : undefined}>
          <span className={styles.stepNumber}>{i + 1}</span> {messages[`step.${step}`]}
        </li>
      ))}
    </ol>
  );
}

function AmountStep({
  config,
  state,
  dispatch,
  fieldId,
  error,
  Heading,
  opened,
}: PieceProps & {fieldId: (n: string) => string; error?: string; Heading: 'h3'; opened: {current: boolean}}) {
  const messages = messagesFor(config);
  const heading = useFocusOnOpen(config.layout === 'wizard' ? opened : {current: false});
  const block = config.amounts[state.frequency];
  const selection = state.selection[state.frequency];
  const total = totalOf(config, state);
  const impact = impactOf(config, state);
  const money = (cents: Cents) => formatMoney(cents, config);
  const amount = amountOf(config, state);
  return (
    <div className={styles.section} data-step="amount">
      {config.layout === 'wizard' && (
        <Heading ref={heading} tabIndex={-1} className={styles.stepHeading}>
          {stepTitle(config, 'amount')}
        </Heading>
      )}
      {config.frequencies.length > 1 && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{messages.frequencyLegend}</legend>
          <div className={styles.segmented} part="frequencies">
            {config.frequencies.map((frequency) => (
              <label key={frequency} className={styles.segment} data-selected={frequency === state.frequency ? '' : undefined}>
                <input
                  type="radio"
                  name={fieldId('frequency')}
                  value={frequency}
                  checked={frequency === state.frequency}
                  onChange={() => dispatch({type: 'frequency', frequency})}
                />
                <span>{messages[`frequency.${frequency}`]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{messages.amountLegend}</legend>
        <div className={styles.handles} part="handles">
          {block.handles.map((handle) => {
            const cents = dollars(handle.amount);
            const selected = selection.kind === 'handle' && selection.amount === cents;
            const impactId = handle.impact && config.size === 'large' ? fieldId(`impact-${state.frequency}-${cents}`) : undefined;
            return (
              <label key={cents} className={styles.handle} data-selected={selected ? '' : undefined} part="handle">
                <input
                  type="radio"
                  name={fieldId('amount')}
                  value={cents / 100}
                  checked={selected}
                  aria-describedby={impactId}
                  onChange={() => dispatch({type: 'handle', amount: cents})}
                />
                {config.size === 'large' && handle.image && (
                  <img
                    className={styles.handleImage}
                    src={handle.image.src}
                    alt={handle.image.alt}
                    width={160}
                    height={100}
                    loading="lazy"
                    decoding="async"
                  />
                )}
                <span className={styles.handleAmount}>{handle.label ?? money(cents)}</span>
                {impactId && (
                  <span id={impactId} className={styles.handleImpact}>
                    {handle.impact}
                  </span>
                )}
              </label>
            );
          })}
        </div>
        {block.allowOther && (
          <TextField
            id={fieldId('otherAmount')}
            label={messages.otherAmountLabel}
            prefix="$"
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            value={selection.kind === 'other' ? selection.text : ''}
            required
            hint={`${money(dollars(block.min))} to ${money(dollars(block.max))}`}
            error={error}
            onChange={(text) => dispatch({type: 'other-amount', text})}
            onBlur={() => {
              if (selection.kind === 'other') dispatch({type: 'blur', field: 'otherAmount'});
            }}
          />
        )}
      </fieldset>
      {impact && config.size !== 'large' && <p className={styles.impact}>{impact}</p>}
      {impact && config.size === 'large' && selection.kind === 'other' && <p className={styles.impact}>{impact}</p>}
      {config.coverFees.enabled && (
        <Checkbox
          id={fieldId('coverFees')}
          label={fill(messages.coverFeesLabel, {
            percent: config.coverFees.percent,
            fee: money(amount.ok ? Math.round((amount.value * config.coverFees.percent) / 100) : 0),
          })}
          checked={state.coverFees}
          onChange={(value) => dispatch({type: 'toggle', field: 'coverFees', value})}
        />
      )}
      <div className={styles.total} aria-live="polite" aria-atomic="true" part="total">
        {total && (
          <>
            {total.fee > 0 && (
              <p className={styles.feeLine}>
                {money(total.amount)} + {messages.coverFeesLine.toLowerCase()} {money(total.fee)}
              </p>
            )}
            <p className={styles.totalLine}>{totalSentence(config, state.frequency, total)}</p>
          </>
        )}
      </div>
    </div>
  );
}

/** On later wizard steps: the gift chosen, with a way back to change it. */
function GiftLine({config, state, dispatch}: PieceProps) {
  const messages = messagesFor(config);
  const total = totalOf(config, state);
  if (!total) return null;
  return (
    <p className={styles.giftLine}>
      {fill(messages.giftSummary, {total: totalSentence(config, state.frequency, total)})}{' '}
      <button type="button" className={ui.linkButton} onClick={() => dispatch({type: 'back'})} hidden={state.step !== 'details'}>
        {messages.changeAmount}
      </button>
    </p>
  );
}

const AUTOCOMPLETE: Record<
  SupporterField,
  {type?: 'email' | 'tel'; autoComplete: string; inputMode?: 'numeric' | 'tel' | 'email'; maxLength?: number}
> = {
  firstName: {autoComplete: 'given-name', maxLength: 50},
  lastName: {autoComplete: 'family-name', maxLength: 50},
  email: {type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254},
  phone: {type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 20},
  postcode: {autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 4},
  address: {autoComplete: 'street-address', maxLength: 200},
};

type StepProps = PieceProps & {
  fieldId: (n: string) => string;
  shown: Partial<Record<FieldName, string>>;
  Heading: 'h3';
  /** True once the form has rendered: a section mounting after that has just opened. */
  opened: {current: boolean};
};

function DetailsStep({config, state, dispatch, fieldId, shown, Heading, opened}: StepProps) {
  const messages = messagesFor(config);
  const heading = useFocusOnOpen(opened);
  const suggestion = state.touched.email ? suggestEmail(state.values.email) : null;
  return (
    <div className={styles.section} data-step="details" role="group" aria-labelledby={fieldId('details-heading')}>
      <Heading ref={heading} id={fieldId('details-heading')} tabIndex={-1} className={styles.stepHeading}>
        {config.layout === 'wizard' ? stepTitle(config, 'details') : messages.detailsLegend}
      </Heading>
      <div className={styles.fields}>
        {visibleSupporterFields(config).map((field) => (
          <TextField
            key={field}
            id={fieldId(field)}
            label={labelOf(field, messages)}
            value={state.values[field]}
            required={config.fields[field] === 'required'}
            optionalText={messages.optional}
            error={shown[field]}
            {...AUTOCOMPLETE[field]}
            onChange={(value) => dispatch({type: 'field', field, value})}
            onBlur={() => dispatch({type: 'blur', field})}
          >
            {field === 'email' && suggestion && (
              <p className={styles.suggestion} aria-live="polite">
                {fill(messages.emailSuggestion, {email: suggestion})}{' '}
                <button
                  type="button"
                  className={ui.linkButton}
                  onClick={() => dispatch({type: 'field', field: 'email', value: suggestion})}
                >
                  {fill(messages.emailSuggestionApply, {email: suggestion})}
                </button>
              </p>
            )}
          </TextField>
        ))}
      </div>
      <Checkbox
        id={fieldId('consent')}
        label={messages.consentLabel}
        checked={state.consent}
        onChange={(value) => dispatch({type: 'toggle', field: 'consent', value})}
      />
    </div>
  );
}

function PaymentStep({config, state, dispatch, fieldId, shown, Heading, opened}: StepProps) {
  const messages = messagesFor(config);
  // In the single layout details and payment open together; the details heading takes focus.
  const heading = useFocusOnOpen(config.layout === 'wizard' ? opened : {current: false});
  const methods = methodsFor(config, state.frequency);
  const method = methods.includes(state.method) ? state.method : 'card';
  const brand = cardBrand(state.values.cardNumber);
  const text = (field: TextFieldName, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={fieldId(field)}
      label={label}
      value={state.values[field]}
      required
      error={shown[field]}
      onChange={(value) => dispatch({type: 'field', field, value})}
      onBlur={() => dispatch({type: 'blur', field})}
      {...extra}
    />
  );
  return (
    <div className={styles.section} data-step="payment" role="group" aria-labelledby={fieldId('payment-heading')}>
      <Heading ref={heading} id={fieldId('payment-heading')} tabIndex={-1} className={styles.stepHeading}>
        {config.layout === 'wizard' ? stepTitle(config, 'payment') : messages.paymentLegend}
      </Heading>
      {methods.length > 1 && (
        <div className={styles.segmented} role="radiogroup" aria-label={messages.paymentMethodLegend}>
          {methods.map((m) => (
            <label key={m} className={styles.segment} data-selected={m === method ? '' : undefined}>
              <input
                type="radio"
                name={fieldId('method')}
                value={m}
                checked={m === method}
                onChange={() => dispatch({type: 'method', method: m})}
              />
              <span>{m === 'card' ? messages.cardTab : messages.directDebitTab}</span>
            </label>
          ))}
        </div>
      )}
      {method === 'card' ? (
        <div className={styles.fields}>
          {text('cardNumber', messages.cardNumberLabel, {
            autoComplete: 'cc-number',
            inputMode: 'numeric',
            maxLength: 23,
            hint: brand === 'unknown' ? 'Visa, Mastercard or American Express' : BRAND_NAMES[brand],
          })}
          <div className={styles.pair}>
            {text('expiry', messages.expiryLabel, {autoComplete: 'cc-exp', inputMode: 'numeric', maxLength: 7})}
            {text('cvc', messages.cvcLabel, {autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4})}
          </div>
        </div>
      ) : (
        <div className={styles.fields}>
          <div className={styles.pair}>
            {text('bsb', messages.bsbLabel, {inputMode: 'numeric', maxLength: 7, autoComplete: 'off'})}
            {text('account', messages.accountNumberLabel, {inputMode: 'numeric', maxLength: 11, autoComplete: 'off'})}
          </div>
          {text('accountName', messages.accountNameLabel, {autoComplete: 'cc-name', maxLength: 32})}
          <Checkbox
            id={fieldId('ddAgreement')}
            label={messages.directDebitAgreement}
            checked={state.ddAgreement}
            required
            error={shown.ddAgreement}
            onChange={(value) => dispatch({type: 'toggle', field: 'ddAgreement', value})}
            onBlur={() => dispatch({type: 'blur', field: 'ddAgreement'})}
          />
        </div>
      )}
    </div>
  );
}

const BRAND_NAMES = {visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express'} as const;

function Actions({
  config,
  state,
  dispatch,
  checksReady,
  money,
  fieldId,
}: PieceProps & {checksReady: () => Promise<Checks>; money: (c: Cents) => string; fieldId: (n: string) => string}) {
  const messages = messagesFor(config);
  const total = totalOf(config, state);
  const alert = useRef<HTMLDivElement>(null);
  const upsellHeading = useRef<HTMLParagraphElement>(null);
  const {submission, upsell} = state;
  useLayoutEffect(() => {
    if (submission.status === 'failed') alert.current?.focus();
  }, [submission]);
  useLayoutEffect(() => {
    if (upsell.status === 'shown') upsellHeading.current?.focus();
  }, [upsell.status]);

  if (!state.expanded) {
    return (
      <button type="submit" className={`${ui.button} ${styles.submit}`} part="submit">
        {fill(messages.openForm, {amount: total ? money(total.perPayment) : ''}).trim()}
      </button>
    );
  }

  const answer = async (reply: 'accept' | 'decline') =>
    dispatch({type: 'upsell', answer: reply, checks: await checksReady(), key: newKey(), date: today()});

  const steps = stepsFor(config);
  const last = state.step === steps.at(-1);
  const sending = submission.status === 'submitting';
  return (
    <div className={styles.actions}>
      {submission.status === 'failed' && (
        <div ref={alert} className={styles.failure} role="alert" tabIndex={-1} part="payment-error">
          <p className={styles.failureTitle}>{messages.paymentFailedHeading}</p>
          <p>{failureText(messages, submission)}</p>
        </div>
      )}
      {upsell.status === 'shown' ? (
        <div className={styles.upsell} role="group" aria-labelledby={fieldId('upsell')} part="upsell">
          <p ref={upsellHeading} id={fieldId('upsell')} className={styles.upsellTitle} tabIndex={-1}>
            {fill(messages.upsellAsk, {monthly: money(upsell.monthly)})}
          </p>
          <p>{messages.upsellBody}</p>
          <div className={styles.buttons}>
            <button type="button" className={ui.button} onClick={() => void answer('accept')}>
              {fill(messages.upsellAccept, {monthly: money(upsell.monthly)})}
            </button>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => void answer('decline')}>
              {fill(messages.upsellDecline, {amount: money(upsell.oneOff)})}
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.buttons}>
          {config.layout === 'wizard' && state.step !== steps[0] && (
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => dispatch({type: 'back'})} disabled={sending}>
              {messages.back}
            </button>
          )}
          {last ? (
            <button type="submit" className={`${ui.button} ${styles.submit}`} disabled={sending} part="submit">
              {sending ? (
                <>
                  <span className={styles.spinner} aria-hidden="true" />
                  {messages.submitting}
                </>
              ) : (
                fill(messages[`submit.${state.frequency}`], {amount: total ? money(total.perPayment) : ''}).trim()
              )}
            </button>
          ) : (
            <button type="submit" className={`${ui.button} ${styles.submit}`} part="next">
              {messages.next}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function failureText(messages: DonateFormMessages, submission: Extract<DonateState['submission'], {status: 'failed'}>): string {
  const {result} = submission;
  if (result.status === 'declined') return fill(messages.declined, {reason: result.reason});
  if (result.outcome === 'not-charged') return messages.notCharged;
  return fill(messages.unknownOutcome, {reference: submission.key.slice(0, 8).toUpperCase()});
}

function ThankYou({
  config,
  messages,
  state,
  Heading,
}: {
  config: DonateFormConfig;
  messages: DonateFormMessages;
  state: DonateState;
  Heading: 'h3';
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);
  if (state.submission.status !== 'done') return null;
  const {intent, reference, total, date} = state.submission;
  const name = intent.supporter.firstName;
  const when = new Intl.DateTimeFormat(config.locale, {dateStyle: 'long'}).format(new Date(date));
  return (
    <div className={styles.thankYou} part="thank-you">
      <Heading ref={heading} tabIndex={-1} className={styles.stepHeading}>
        {name ? fill(messages.thankYouHeading, {name}) : messages.thankYouHeadingNoName}
      </Heading>
      <p>{messages.thankYouBody}</p>
      {intent.upgrade?.accepted && <p>{fill(messages.thankYouUpgraded, {amount: formatMoney(intent.upgrade.from.amount, config)})}</p>}
      <dl className={styles.receipt}>
        <dt>{messages.receiptAmount}</dt>
        <dd>{totalSentence(config, intent.frequency as Frequency, total)}</dd>
        <dt>{messages.receiptReference}</dt>
        <dd>{reference}</dd>
        <dt>{messages.receiptDate}</dt>
        <dd>{when}</dd>
      </dl>
    </div>
  );
}

// ——— helpers and effects ———

const stepOfElement = (target: EventTarget): Step | null => {
  const section = (target as Element).closest?.('[data-step]');
  return (section?.getAttribute('data-step') as Step | null) ?? null;
};

function labelOf(field: FieldName, messages: DonateFormMessages): string {
  const labels: Record<FieldName, string> = {
    otherAmount: messages.otherAmountLabel,
    firstName: messages.firstNameLabel,
    lastName: messages.lastNameLabel,
    email: messages.emailLabel,
    phone: messages.phoneLabel,
    postcode: messages.postcodeLabel,
    address: messages.addressLabel,
    cardNumber: messages.cardNumberLabel,
    expiry: messages.expiryLabel,
    cvc: messages.cvcLabel,
    bsb: messages.bsbLabel,
    account: messages.accountNumberLabel,
    accountName: messages.accountNameLabel,
    ddAgreement: messages.directDebitAgreementLabel,
  };
  return labels[field];
}

function stepTitle(config: DonateFormConfig, step: Step): string {
  const messages = messagesFor(config);
  const steps = stepsFor(config);
  return fill(messages.stepIndicator, {step: steps.indexOf(step) + 1, steps: steps.length, name: messages[`step.${step}`]});
}

/**
 * A step that opens after the form first rendered (the next wizard step, or the
 * small form's details once opened) takes focus at its heading, so keyboard
 * and screen-reader users land where the new content starts.
 */
function useFocusOnOpen(open: {current: boolean}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    if (open.current) heading.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only
  }, []);
  return heading;
}

/** Sends each new notice once: as a `coral:` DOM event, and as a dataLayer push when analytics is on. */
function useAnnouncements(config: DonateFormConfig, state: DonateState, root: {current: HTMLElement | null}, steps: readonly Step[]) {
  const sent = useRef(0);
  useEffect(() => {
    const amount = amountOf(config, state);
    for (const {seq, notice} of state.outbox) {
      if (seq <= sent.current) continue;
      sent.current = seq;
      const event = eventFor(config, notice, steps);
      if (event && root.current) emit(root.current, event.name, event.detail);
      if (config.analytics) {
        const entry = dataLayerFor(config, notice, amount.ok ? amount.value : null, state.frequency);
        if (entry) pushDataLayer(entry);
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the outbox is the only trigger
  }, [state.outbox]);
}

/** Charges once per attempt; a late answer for an older attempt is dropped by the machine. */
function useCharging(state: DonateState, gateway: Gateway, dispatch: (action: Action) => void) {
  const {submission} = state;
  useEffect(() => {
    if (submission.status !== 'submitting') return;
    const {intent, key} = submission;
    gateway
      .charge(intent, {idempotencyKey: key})
      .catch((error: unknown) => ({status: 'error', outcome: 'unknown', retryable: false, detail: String(error)}) as const)
      .then((result) => dispatch({type: 'charged', key, result, date: today()}));
  }, [submission, gateway, dispatch]);
}

type HistoryState = {coral?: Record<string, Step>} & Record<string, unknown>;

/** The wizard's steps are browser history entries, so the back button moves between them. */
function useWizardHistory(
  config: DonateFormConfig,
  state: DonateState,
  dispatch: (action: Action) => void,
  formKey: string,
  mobile: MobileCheck | null,
) {
  const recorded = useRef<Step | null>(null);
  const wizard = config.layout === 'wizard';
  const mobileRef = useRef(mobile);
  useEffect(() => {
    mobileRef.current = mobile;
  }, [mobile]);
  useEffect(() => {
    if (!wizard) return;
    const onPop = (event: PopStateEvent) => {
      const step = (event.state as HistoryState | null)?.coral?.[formKey] ?? 'amount';
      recorded.current = step;
      dispatch({type: 'go', step, checks: {now: new Date(), mobile: mobileRef.current}});
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [wizard, formKey, dispatch]);
  // Recorded as the step renders, so a quick press of the browser's back button always finds the entry.
  useLayoutEffect(() => {
    if (!wizard) return;
    const current = (window.history.state ?? {}) as HistoryState;
    const next: HistoryState = {...current, coral: {...current.coral, [formKey]: state.step}};
    if (recorded.current === null) window.history.replaceState(next, '');
    else if (recorded.current !== state.step) window.history.pushState(next, '');
    recorded.current = state.step;
  }, [wizard, formKey, state.step]);
}

/**
 * Elements marked `data-coral-amount` anywhere on the page select that amount
 * (with `data-coral-frequency`), bring the form into view and show which is
 * chosen with `aria-pressed`. `data-coral-target` names one form by id.
 */
function useExternalHandles(
  config: DonateFormConfig,
  state: DonateState,
  root: {current: HTMLElement | null},
  id: string | undefined,
  dispatch: (action: Action) => void,
) {
  const enabled = config.externalHandles;
  const ours = useCallback(
    (element: Element) => {
      const target = element.getAttribute('data-coral-target');
      return target === null || target === '' || target === id || target === `#${id}`;
    },
    [id],
  );
  useEffect(() => {
    if (!enabled) return;
    const onClick = (event: MouseEvent) => {
      const handle = (event.target as Element | null)?.closest?.('[data-coral-amount]');
      if (!handle || !ours(handle)) return;
      const amount = parseAmount(handle.getAttribute('data-coral-amount') ?? '');
      if (!amount.ok) {
        console.warn(`Coral: ignored data-coral-amount="${handle.getAttribute('data-coral-amount')}": ${amount.reason}`);
        return;
      }
      event.preventDefault();
      const frequency = handle.getAttribute('data-coral-frequency') as Frequency | null;
      dispatch({type: 'set-amount', amount: amount.value, frequency: frequency ?? undefined, source: 'external'});
      const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
      root.current?.scrollIntoView({behavior: still ? 'auto' : 'smooth', block: 'start'});
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [enabled, ours, dispatch, root]);

  const chosen = amountOf(config, state);
  const selected = chosen.ok ? chosen.value : null;
  useEffect(() => {
    if (!enabled) return;
    for (const handle of document.querySelectorAll('[data-coral-amount]')) {
      if (!ours(handle)) continue;
      const amount = parseAmount(handle.getAttribute('data-coral-amount') ?? '');
      const frequency = handle.getAttribute('data-coral-frequency') ?? state.frequency;
      const pressed = selected !== null && amount.ok && amount.value === selected && frequency === state.frequency;
      handle.setAttribute('aria-pressed', String(pressed));
    }
  }, [enabled, ours, selected, state.frequency]);
}

/**
 * Daisychain page 2: reads the signer a powerform handed over, once, after the
 * first render (storage is not there on the server), and forgets them once
 * their gift is made.
 */
function useSignerHandoff(config: DonateFormConfig, state: DonateState, dispatch: (action: Action) => void) {
  useEffect(() => {
    if (config.handoff) dispatch({type: 'handoff', result: readSupporterHandoff(sessionStore())});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount
  }, []);
  const done = state.submission.status === 'done';
  useEffect(() => {
    if (done && config.handoff) clearSupporterHandoff(sessionStore());
  }, [done, config.handoff]);
}

/** Reads the whitelisted URL parameters once, checked like typed input; a bad value is dropped with a console warning. */
function useUrlPrefill(config: DonateFormConfig, dispatch: (action: Action) => void, loadMobile: () => Promise<MobileCheck>) {
  useEffect(() => {
    if (!config.urlParams) return;
    const search = new URLSearchParams(window.location.search);
    let live = true;
    void (async () => {
      const mobile = search.has('phone') ? await loadMobile() : (v: string) => ({ok: true as const, value: v});
      if (!live) return;
      const {values, warnings} = parseUrlParams(search, {frequencies: config.frequencies, steps: STEPS, mobile});
      for (const warning of warnings) console.warn(warning);
      dispatch({type: 'prefill', values, checks: {now: new Date(), mobile}});
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount
  }, []);
}
