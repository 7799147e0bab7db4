/**
 * The powerform's view: small parts (fields, question, consent, button,
 * thanks) that read one context. The machine (machine.ts, derive.ts) decides;
 * usePowerform.ts owns the effects.
 */
import type {FormEvent, ReactNode} from 'react';
import {configured, type ConfigSource, type ViewProps} from '../shared/form';
import type {SignupGateway} from '../shared/gateways';
import {plural} from '../shared/basics';
import {ErrorSummary, usePageTitle} from '../shared/ui';
import ui from '../shared/ui/ui.module.css';
import {PowerformContext} from './context';
import {pageTitleOf, showsCounter, summaryOf} from './derive';
import {Consent} from './parts/Consent';
import {SignatureCounter} from './parts/Counter';
import {Failure} from './parts/Failure';
import {Question} from './parts/Question';
import {Submit} from './parts/Submit';
import {SupporterFields} from './parts/SupporterFields';
import {Leaving, ThankYou} from './parts/ThankYou';
import {checkPowerformConfig, type PowerformConfig} from './schema';
import styles from './Powerform.module.css';
import {usePowerform} from './usePowerform';

/** The config inline (`config`, checked against the schema before anything renders), or a published form's (`form` and `endpoint`). */
export type PowerformProps = ConfigSource & {
  /** The form's element id. */
  id?: string;
  /** Replaces the gateway the config names, e.g. in tests. */
  gateway?: SignupGateway;
  /** The level of the form's heading, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** Leaves for the redirect or daisychain page; `window.location.assign` unless replaced, e.g. in tests or a client-side router. */
  navigate?: (url: string) => void;
};

const leave = (url: string) => window.location.assign(url);

function PowerformView({
  config,
  id,
  gateway,
  headingLevel = 2,
  navigate = leave,
  published,
}: ViewProps<PowerformProps, PowerformConfig, never>): ReactNode {
  const form = usePowerform({config, id, gateway, headingLevel, navigate, published});
  const {state, messages, fieldId, root} = form;
  const summary = summaryOf(config, state, form.shown);
  usePageTitle(pageTitleOf(config, summary.length > 0));
  const Heading = `h${headingLevel}` as 'h2';
  const {status} = state.submission;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    <PowerformContext.Provider value={form}>
      <form
        id={id}
        ref={root}
        className={`${ui.theme} ${styles.form}`}
        data-theme={config.theme}
        data-variant={config.variant}
        data-state={status}
        aria-labelledby={fieldId('heading')}
        aria-busy={status === 'sending' || undefined}
        noValidate
        onSubmit={onSubmit}
        onFocus={form.onFieldUse}
        onInput={form.onFieldUse}
        part="form"
      >
        <Heading id={fieldId('heading')} className={styles.heading}>
          {messages.heading}
        </Heading>
        {status === 'done' ? (
          config.success.type === 'inline' ? (
            <ThankYou />
          ) : (
            <Leaving />
          )
        ) : (
          <>
            {messages.intro !== '' && <p className={styles.intro}>{messages.intro}</p>}
            {showsCounter(config) && <SignatureCounter />}
            <ErrorSummary
              title={plural(messages, 'errorSummary', summary.length, config.locale)}
              items={summary.map(({field, ...line}) => ({id: fieldId(field), ...line}))}
              focusKey={state.summaryFocus}
            />
            <SupporterFields />
            <Question />
            <Consent />
            <Failure />
            <Submit />
          </>
        )}
      </form>
    </PowerformContext.Provider>
  );
}

/** A petition or action signup form, or its short `leads` variant, from one config. */
export const Powerform = configured<PowerformProps, PowerformConfig>('powerform', checkPowerformConfig, PowerformView);
