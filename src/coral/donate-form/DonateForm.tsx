/**
 * The donate form's view: small parts (amount, details, payment, actions,
 * receipt) that read one context. The machine (machine.ts, derive.ts) decides;
 * useDonateForm.ts owns the effects.
 */
import {useEffect, type ReactNode} from 'react';
import {configured, type ConfigSource, type ViewProps} from '../shared/form';
import {type Gateway, newIdempotencyKey} from '../shared/gateways';
import {fill, plural} from '../shared/basics';
import {ErrorSummary, usePageTitle} from '../shared/ui';
import ui from '../shared/ui/ui.module.css';
import {DonateFormContext} from './context';
import {pageTitleOf, primaryAction, summaryOf, upsellAsk, visibleSteps} from './derive';
import styles from './DonateForm.module.css';
import {Actions} from './parts/Actions';
import {AmountStep, GiftLine, StepIndicator} from './parts/Amount';
import {DetailsStep} from './parts/Details';
import {PaymentStep} from './parts/Payment';
import {BotCheck, Leaving, Receipt} from './parts/lazy';
import {checkDonateFormConfig, type DonateFormConfig} from './schema';
import type {Step} from './state';
import {today, useDonateForm, type DonateFormHandle} from './useDonateForm';

export type {DonateFormHandle};

/** The config inline (`config`, checked against the schema before anything renders), or a published form's (`form` and `endpoint`). */
export type DonateFormProps = ConfigSource & {
  /** The form's element id; external handles with `data-coral-target` name it. */
  id?: string;
  /** Replaces the gateway the config names, e.g. in tests. */
  gateway?: Gateway;
  /** The level of the form's heading, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
};

const stepOfElement = (target: EventTarget): Step | null => {
  const section = (target as Element).closest?.('[data-step]');
  return (section?.getAttribute('data-step') as Step | null) ?? null;
};

function DonateFormView(props: ViewProps<DonateFormProps, DonateFormConfig, DonateFormHandle>): ReactNode {
  const {config, id, headingLevel = 2} = props;
  const form = useDonateForm(props);
  const {state, dispatch, messages, fieldId, root, checksReady, onFieldUse} = form;
  const wizard = config.layout === 'wizard';
  const steps = visibleSteps(config, state);
  const summary = summaryOf(config, state, form.shown);
  const Heading = `h${headingLevel}` as 'h2';
  const status = state.submission.status;
  usePageTitle(pageTitleOf(config, state, summary.length > 0));
  // What shows after the gift (./parts/later.ts) is fetched while the gift is on its way, ready the moment it is made.
  useEffect(() => {
    if (status === 'sending') Receipt.preload();
  }, [status]);

  // Daisychain page 2 keeps the form's room while it reads the hand-off, so a signer is not asked, then greeted.
  if (state.reading) {
    return <div className={`${ui.theme} ${styles.form} ${styles[config.size]}`} data-theme={config.theme} aria-busy="true" part="form" />;
  }
  return (
    <DonateFormContext.Provider value={form}>
      <form
        id={id}
        ref={root}
        className={`${ui.theme} ${styles.form} ${styles[config.size]}`}
        data-theme={config.theme}
        data-size={config.size}
        data-layout={config.layout}
        data-state={status}
        aria-labelledby={fieldId('heading')}
        aria-busy={status === 'sending' || undefined}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // A click that sends has the processor's fields check what was typed before anything else: Safari opens Apple Pay's
          // sheet only within the click. One that asks for a monthly gift instead leaves it to the answer's click.
          const sends = primaryAction(config, state) === 'submit' && status !== 'sending' && upsellAsk(config, state) === null;
          if (sends) form.gateway.fields?.submit?.();
          void checksReady().then((checks) => dispatch({type: 'primary', checks, key: newIdempotencyKey(), date: today()}));
        }}
        onFocus={(event) => {
          onFieldUse(event);
          if (stepOfElement(event.target) !== 'amount') dispatch({type: 'engage'});
        }}
        onInput={onFieldUse}
        part="form"
      >
        <Heading id={fieldId('heading')} className={styles.heading}>
          {state.greeting === null ? messages.heading : fill(messages.greeting, {name: state.greeting})}
        </Heading>
        {status === 'done' ? (
          <Receipt />
        ) : status === 'leaving' ? (
          <Leaving />
        ) : (
          <>
            {wizard && <StepIndicator />}
            <ErrorSummary
              title={plural(messages, 'errorSummary', summary.length, config.locale)}
              items={summary.map(({field, message}) => ({id: fieldId(field), message}))}
              focusKey={state.summaryFocus}
            />
            {steps.includes('amount') && <AmountStep />}
            {wizard && state.step !== 'amount' && <GiftLine />}
            {steps.includes('details') && <DetailsStep />}
            {steps.includes('payment') && <PaymentStep />}
            {primaryAction(config, state) === 'submit' && form.botCheck && <BotCheck />}
            <Actions />
          </>
        )}
      </form>
    </DonateFormContext.Provider>
  );
}

/** A donate form from one config: checked against the schema, keyed by its content. */
export const DonateForm = configured<DonateFormProps, DonateFormConfig, DonateFormHandle>(
  'donate form',
  checkDonateFormConfig,
  DonateFormView,
);
