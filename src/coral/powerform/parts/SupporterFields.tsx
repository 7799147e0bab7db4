/** The signer's details: the text fields the config shows, in the form's order. */
import {useRef, type ReactNode} from 'react';
import {inputOf} from '../../shared/fields';
import {TextField} from '../../shared/ui';
import {usePowerformContext} from '../context';
import {labelOf, pairsNames, visibleFields} from '../derive';
import styles from '../Powerform.module.css';
import type {TextField as TextFieldName} from '../state';
import {EmailSuggestion} from './EmailSuggestion';

export function SupporterFields(): ReactNode {
  const {config, state, dispatch, messages, control} = usePowerformContext();
  const email = useRef<HTMLInputElement | null>(null);
  const fields = visibleFields(config);

  const field = (name: TextFieldName) => (
    <TextField
      key={name}
      {...control(name)}
      label={labelOf(name, messages)}
      value={state.values[name]}
      optionalText={messages.optional}
      inputRef={
        name === 'email'
          ? (element) => {
              email.current = element;
            }
          : undefined
      }
      {...inputOf(name)}
      onChange={(value) => dispatch({type: 'field', field: name, value})}
      onBlur={() => dispatch({type: 'blur', field: name})}
    >
      {name === 'email' && <EmailSuggestion onAccepted={() => email.current?.focus()} />}
    </TextField>
  );

  if (!pairsNames(fields)) return <>{fields.map(field)}</>;
  return (
    <>
      <div className={styles.pair}>{fields.slice(0, 2).map(field)}</div>
      {fields.slice(2).map(field)}
    </>
  );
}
