import {useId, useLayoutEffect, useRef, type ReactNode} from 'react';
import styles from './ui.module.css';

/**
 * One problem: the field's own message, as it reads under the field. `context`
 * names the field first, for a message that does not say which field it means
 * (a custom question's "Enter your answer.").
 */
export type SummaryItem = {id: string; message: string; context?: string};

/**
 * The list of problems shown on a failed submit. It takes focus each time
 * `focusKey` changes, and each entry moves focus to its field.
 */
export function ErrorSummary({title, items, focusKey}: {title: string; items: readonly SummaryItem[]; focusKey: number}): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    if (focusKey > 0) box.current?.focus();
  }, [focusKey]);
  if (items.length === 0) return null;
  return (
    <div ref={box} className={styles.summary} tabIndex={-1} role="group" aria-labelledby={titleId} part="error-summary">
      <p id={titleId} className={styles.summaryTitle}>
        {title}
      </p>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              onClick={(event) => {
                event.preventDefault();
                // The root node is the document, or the shadow root when embedded.
                const root = event.currentTarget.getRootNode() as Document | ShadowRoot;
                const field = root.getElementById(item.id);
                field?.focus();
                field?.scrollIntoView({block: 'center'});
              }}
            >
              {item.context ? `${item.context}: ${item.message}` : item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
