/**
 * The powerform's view: it renders the machine's state and dispatches its
 * actions. Its side effects are the shared form plumbing (the gateway,
 * signing, notices, URL prefill), reading the counter's live count, and
 * leaving the page after a redirect or daisychain success.
 */
import {useId, useLayoutEffect, useMemo, useReducer, useRef, type FormEvent, type ReactNode} from 'react';
import {inputOf} from '../shared/fields';
import {
  announce,
  configured,
  useBlurAfterPress,
  useGateway,
  useMobileCheck,
  useOutbox,
  useSend,
  useUrlPrefill,
  type Announcer,
  type ViewProps,
} from '../shared/form';
import {newIdempotencyKey, type SignupGateway} from '../shared/gateway';
import {ShareActions} from '../shared/share/ShareActions';
import type {ShareMethod, ShareOutcome} from '../shared/share/share';
import {fill, plural} from '../shared/template';
import {ErrorSummary, type SummaryItem} from '../shared/ui/ErrorSummary';
import {usePageTitle} from '../shared/ui/usePageTitle';
import {Checkbox, TextField} from '../shared/ui/TextField';
import ui from '../shared/ui/ui.module.css';
import {counterText, progressPercent} from './counter';
import {dataLayerFor, eventFor} from './events';
import {
  emailSuggestion,
  initialState,
  labelKey,
  messagesFor,
  readPrefill,
  reduce,
  showsCounter,
  shownProblems,
  visibleFields,
  type Action,
  type Checks,
  type FieldName,
  type Notice,
  type PowerformState,
  type TextField as TextFieldName,
} from './machine';
import type {PowerformMessages} from './messages';
import {useLeaving} from './useLeaving';
import {useLiveCount} from './useLiveCount';
import {parsePowerformConfig, type PowerformConfig} from './schema';
import styles from './Powerform.module.css';

export type PowerformProps = {
  /** The config, as JSON would give it; checked against the schema before anything renders. */
  config: unknown;
  /** The form's element id. */
  id?: string;
  /** Replaces the gateway the config names, e.g. in tests. */
  gateway?: SignupGateway;
  /** The level of the form's heading, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** Leaves for the redirect or daisychain page; `window.location.assign` unless replaced, e.g. in tests or a client-side router. */
  navigate?: (url: string) => void;
};

/** A petition or action signup form, or its short `leads` variant, from one config. */
export const Powerform = configured<PowerformProps, PowerformConfig>('powerform', parsePowerformConfig, PowerformView);

const leave = (url: string) => window.location.assign(url);

function PowerformView({
  config,
  id,
  gateway: gatewayOverride,
  headingLevel = 2,
  navigate = leave,
}: ViewProps<PowerformProps, PowerformConfig, never>): ReactNode {
  const uid = useId();
  const fieldId = (name: string) => `${id ?? uid}-${name}`;
  const messages = useMemo(() => messagesFor(config), [config]);
  const [state, dispatchNow] = useReducer((s: PowerformState, a: Action) => reduce(config, s, a), config, initialState);
  const fields = visibleFields(config);
  const phoneShown = fields.includes('phone');
  const [mobile, loadMobile, onFieldUse] = useMobileCheck(config.locale, messages);
  const checks: Checks = {mobile};
  const root = useRef<HTMLFormElement>(null);
  const dispatch = useBlurAfterPress(root, dispatchNow);
  const inputs = useRef<Partial<Record<TextFieldName, HTMLInputElement | null>>>({});
  const gateway = useGateway(config.gateway, gatewayOverride);
  const announcer: Announcer<Notice> = {
    eventFor: (notice) => eventFor(config, notice),
    dataLayerFor: (notice) => dataLayerFor(config, notice),
    analytics: config.analytics,
  };

  useOutbox(state, root, announcer);
  useSend(
    state.submission,
    (submission) => (submission.status === 'sending' ? {payload: submission.signup, key: submission.key} : null),
    (signup, options) => gateway.sign(signup, options),
    (key, result) => dispatch({type: 'answered', key, result}),
  );
  useUrlPrefill(config.urlParams, phoneShown, loadMobile, (search, mobileCheck) => {
    const {values, warnings} = readPrefill(search, mobileCheck);
    return {warnings, apply: () => dispatch({type: 'prefill', values})};
  });
  useLiveCount(config, dispatchNow);
  useLeaving(config, state, navigate);

  const shown = shownProblems(config, state, checks);
  // The summary belongs to a failed submit: a field left with a problem says so under itself, and nothing above it moves.
  // Each line is the field's own message; the question and the consent box, whose messages do not say which they mean, are named first.
  const summaryItems: SummaryItem[] = state.attempted
    ? (Object.entries(shown) as [FieldName, string][]).map(([field, message]) => ({
        id: fieldId(field),
        message,
        ...(field === 'answer' || field === 'consent' ? {context: labelOf(field, config, messages)} : {}),
      }))
    : [];
  usePageTitle(config.updateTitle && summaryItems.length > 0 ? messages.pageTitleError : null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A phone number is never sent unchecked: wait for its check when one was typed.
    const ready: Checks = {mobile: phoneShown && state.values.phone.trim() !== '' ? await loadMobile() : mobile};
    dispatch({type: 'submit', checks: ready, key: newIdempotencyKey()});
  };

  const field = (name: TextFieldName) => (
    <TextField
      key={name}
      id={fieldId(name)}
      label={labelOf(name, config, messages)}
      value={state.values[name]}
      required={config.fields[name] === 'required'}
      optionalText={messages.optional}
      error={shown[name] ?? (name === 'email' && refused !== null ? fill(messages.emailRefused, {reason: refused}) : undefined)}
      inputRef={(element) => {
        inputs.current[name] = element;
      }}
      {...inputOf(name)}
      onChange={(value) => dispatch({type: 'field', field: name, value})}
      onBlur={() => dispatch({type: 'blur', field: name})}
    >
      {name === 'email' && (
        <EmailSuggestion
          messages={messages}
          suggestion={emailSuggestion(state)}
          onAccept={() => {
            dispatch({type: 'accept-suggestion'});
            inputs.current.email?.focus();
          }}
        />
      )}
    </TextField>
  );
  // First and last name share a row when there is room for both.
  const pairNames = fields[0] === 'firstName' && fields[1] === 'lastName';

  const Heading = `h${headingLevel}` as 'h2';
  const SubHeading = `h${headingLevel + 1}` as 'h3';
  const {submission} = state;
  const sending = submission.status === 'sending';
  const uncertain = submission.status === 'failed' && submission.result.status === 'error' && submission.result.outcome === 'unknown';
  // A refused signature names the address: the email field says so too, and is marked invalid.
  const refused = submission.status === 'failed' && submission.result.status === 'rejected' ? submission.result.reason : null;

  return (
    <form
      id={id}
      ref={root}
      className={`${ui.theme} ${styles.form}`}
      data-theme={config.theme}
      data-variant={config.variant}
      data-state={submission.status}
      aria-labelledby={fieldId('heading')}
      aria-busy={sending || undefined}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={onFieldUse}
      onInput={onFieldUse}
      part="form"
    >
      <Heading id={fieldId('heading')} className={styles.heading}>
        {messages.heading}
      </Heading>
      {submission.status === 'done' ? (
        config.success.type === 'inline' ? (
          <ThankYou
            config={config}
            messages={messages}
            state={state}
            Heading={SubHeading}
            fieldId={fieldId}
            onShare={(method, outcome) => announce(root.current, announcer, {type: 'share', method, outcome})}
          />
        ) : (
          <p className={styles.leaving} role="status" part="leaving">
            {messages.redirecting}
          </p>
        )
      ) : (
        <>
          {messages.intro !== '' && <p className={styles.intro}>{messages.intro}</p>}
          {showsCounter(config) && <SignatureCounter config={config} messages={messages} count={state.count} fieldId={fieldId} />}
          <ErrorSummary
            title={plural(messages, 'errorSummary', summaryItems.length, config.locale)}
            items={summaryItems}
            focusKey={state.summaryFocus}
          />
          {pairNames ? (
            <>
              <div className={styles.pair}>{fields.slice(0, 2).map(field)}</div>
              {fields.slice(2).map(field)}
            </>
          ) : (
            fields.map(field)
          )}
          <Question config={config} state={state} dispatch={dispatch} fieldId={fieldId} error={shown.answer} messages={messages} />
          <Checkbox
            id={fieldId('consent')}
            label={messages.consentLabel}
            checked={state.consent}
            required={config.consentRequired}
            error={shown.consent}
            onChange={(value) => dispatch({type: 'consent', value})}
          />
          <Failure state={state} messages={messages} />
          <p role="status" className={ui.visuallyHidden}>
            {sending ? messages.submitting : ''}
          </p>
          {/* aria-disabled, not disabled: the button keeps focus while the signature is sent, and a second press is ignored. */}
          {/* After no answer, the signature may be in: no full-width "Sign now" beside that, only a quiet way to send it
              again, under the same key, so a service that has it records nothing twice. */}
          <button
            type="submit"
            className={uncertain ? `${ui.button} ${ui.secondary}` : `${ui.button} ${styles.submit}`}
            aria-disabled={sending || undefined}
            part="submit"
          >
            {sending ? (
              <>
                <span className={ui.spinner} aria-hidden="true" />
                {messages.submitting}
              </>
            ) : uncertain ? (
              messages.submitAgain
            ) : (
              messages.submit
            )}
          </button>
        </>
      )}
    </form>
  );
}

// ——— pieces of the form ———

function labelOf(field: FieldName, config: PowerformConfig, messages: PowerformMessages): string {
  switch (field) {
    case 'answer':
      return config.question?.label ?? '';
    case 'consent':
      return messages.consentSummaryLabel;
    default:
      return messages[labelKey(field)];
  }
}

function SignatureCounter({
  config,
  messages,
  count,
  fieldId,
}: {
  config: PowerformConfig;
  messages: PowerformMessages;
  count: number;
  fieldId: (name: string) => string;
}) {
  const {goal} = config.counter;
  const text = counterText({count, goal}, config.locale, messages);
  return (
    <div className={styles.counter} part="counter">
      <p id={fieldId('counter')} className={styles.counterText}>
        {text}
      </p>
      <div
        className={styles.bar}
        role="progressbar"
        aria-labelledby={fieldId('counter')}
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={Math.min(count, goal)}
        aria-valuetext={text}
        part="progress"
      >
        <div className={styles.barFill} style={{width: `${progressPercent({count, goal})}%`}} />
      </div>
    </div>
  );
}

/** The "did you mean …?" line; its region is always there, so a new suggestion is announced. */
function EmailSuggestion({messages, suggestion, onAccept}: {messages: PowerformMessages; suggestion: string | null; onAccept: () => void}) {
  return (
    <p className={styles.suggestion} aria-live="polite" part="email-suggestion">
      {suggestion && (
        <>
          {fill(messages.emailSuggestion, {email: suggestion})}{' '}
          <button type="button" className={ui.linkButton} onClick={onAccept}>
            {fill(messages.emailSuggestionApply, {email: suggestion})}
          </button>
        </>
      )}
    </p>
  );
}

function Question({
  config,
  state,
  dispatch,
  fieldId,
  error,
  messages,
}: {
  config: PowerformConfig;
  state: PowerformState;
  dispatch: (action: Action) => void;
  fieldId: (name: string) => string;
  error: string | undefined;
  messages: PowerformMessages;
}) {
  const {question} = config;
  if (!question) return null;
  if (question.type === 'text') {
    return (
      <TextField
        id={fieldId('answer')}
        label={question.label}
        value={state.answer}
        required={question.required}
        optionalText={messages.optional}
        error={error}
        autoComplete="off"
        onChange={(value) => dispatch({type: 'answer', value})}
        onBlur={() => dispatch({type: 'blur', field: 'answer'})}
      />
    );
  }
  const errorId = error ? fieldId('answer-error') : undefined;
  return (
    <fieldset className={styles.group} data-invalid={error ? '' : undefined} part="question">
      <legend className={styles.legend}>
        {question.label}
        {!question.required && <span className={ui.optional}>{` ${messages.optional}`}</span>}
      </legend>
      {error && (
        <p id={errorId} className={ui.error} part="error">
          {error}
        </p>
      )}
      <div className={styles.choices}>
        {question.options.map((option, i) => (
          <label key={option} className={styles.choice}>
            <input
              type="radio"
              id={i === 0 ? fieldId('answer') : fieldId(`answer-${i}`)}
              name={fieldId('answer')}
              value={option}
              checked={state.answer === option}
              required={question.required}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
              onChange={() => dispatch({type: 'answer', value: option})}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Failure({state, messages}: {state: PowerformState; messages: PowerformMessages}) {
  const alert = useRef<HTMLDivElement>(null);
  const {submission} = state;
  useLayoutEffect(() => {
    if (submission.status === 'failed') alert.current?.focus();
  }, [submission]);
  if (submission.status !== 'failed') return null;
  const {result} = submission;
  const text =
    result.status === 'rejected'
      ? fill(messages.rejected, {reason: result.reason})
      : result.outcome === 'not-sent'
        ? messages.notSent
        : messages.unknownOutcome;
  return (
    <div ref={alert} className={ui.failure} role="alert" tabIndex={-1} part="signup-error">
      <p>{text}</p>
    </div>
  );
}

function ThankYou({
  config,
  messages,
  state,
  Heading,
  fieldId,
  onShare,
}: {
  config: PowerformConfig;
  messages: PowerformMessages;
  state: PowerformState;
  Heading: 'h3';
  fieldId: (name: string) => string;
  onShare: (method: ShareMethod, outcome: ShareOutcome) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);
  if (state.submission.status !== 'done') return null;
  const name = state.submission.signup.supporter.firstName;
  return (
    <div className={styles.thankYou} part="thank-you">
      <Heading ref={heading} tabIndex={-1} className={styles.thankYouHeading}>
        {name ? fill(messages.thankYouHeading, {name}) : messages.thankYouHeadingNoName}
      </Heading>
      <p>{messages.thankYouBody}</p>
      {showsCounter(config) && <SignatureCounter config={config} messages={messages} count={state.count} fieldId={fieldId} />}
      <ShareActions
        share={config.share}
        messages={messages}
        pageHref={window.location.href}
        onShare={onShare}
        Heading={Heading}
        headingId={fieldId('share')}
        className={styles.share}
      />
    </div>
  );
}

// ——— effects ———
