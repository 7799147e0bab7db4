/** The amount step: frequency, dollar handles, other amount, impact, cover fees and the total; and the wizard's step indicator and gift line. */
import type {ReactNode} from 'react';
import {currencySymbol, dollars} from '../../shared/money';
import {fill} from '../../shared/basics';
import {Checkbox, TextField} from '../../shared/ui';
import ui from '../../shared/ui/ui.module.css';
import {useDonateFormContext} from '../context';
import {amountOf, impactOf, stepTitle, totalOf, totalSentence} from '../derive';
import styles from '../DonateForm.module.css';
import {stepsFor} from '../state';
import {NEVER_OPENED, useFocusOnOpen} from './focus';

export function StepIndicator(): ReactNode {
  const {config, state, messages} = useDonateFormContext();
  const steps = stepsFor(config);
  const current = state.step;
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

export function AmountStep(): ReactNode {
  const {config, state, dispatch, messages, fieldId, shown, money, SubHeading: Heading, opened} = useDonateFormContext();
  const error = shown.otherAmount;
  const heading = useFocusOnOpen(config.layout === 'wizard' ? opened : NEVER_OPENED);
  const block = config.amounts[state.frequency];
  const selection = state.selection[state.frequency];
  const total = totalOf(config, state);
  const impact = impactOf(config, state);
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
            prefix={currencySymbol(config)}
            inputMode="decimal"
            autoComplete="off"
            value={selection.kind === 'other' ? selection.text : ''}
            // Required only once it is the amount chosen: while a handle is, it is simply not used.
            required={selection.kind === 'other'}
            hint={fill(messages.amountHint, {min: money(dollars(block.min)), max: money(dollars(block.max))})}
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
export function GiftLine(): ReactNode {
  const {config, state, dispatch, messages} = useDonateFormContext();
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
