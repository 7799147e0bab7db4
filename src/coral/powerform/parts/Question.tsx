/** The config's extra question: a text answer, or a choice of options as a radio group. */
import type {ReactNode} from 'react';
import {TextField} from '../../shared/ui';
import ui from '../../shared/ui/ui.module.css';
import {usePowerformContext} from '../context';
import styles from '../Powerform.module.css';

export function Question(): ReactNode {
  const {config, state, dispatch, messages, fieldId, control} = usePowerformContext();
  const {question} = config;
  if (!question) return null;
  const {required, error} = control('answer');
  const answer = (value: string) => dispatch({type: 'answer', value});
  if (question.type === 'text') {
    return (
      <TextField
        {...control('answer')}
        label={question.label}
        value={state.answer}
        optionalText={messages.optional}
        autoComplete="off"
        onChange={answer}
        onBlur={() => dispatch({type: 'blur', field: 'answer'})}
      />
    );
  }
  const errorId = error ? fieldId('answer-error') : undefined;
  return (
    <fieldset className={styles.group} data-invalid={error ? '' : undefined} part="question">
      <legend className={styles.legend}>
        {question.label}
        {!required && <span className={ui.optional}>{` ${messages.optional}`}</span>}
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
              required={required}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
              onChange={() => answer(option)}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
