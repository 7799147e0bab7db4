import {useEffect, useId, useState, type ReactNode} from 'react';
import Heading from '@theme/Heading';
import {DONATE_FORM_EVENTS} from '@site/src/coral/donate-form';
import styles from './styles.module.css';

type Entry = {id: number; source: 'event' | 'dataLayer'; name: string; detail: string; origin?: string};

/**
 * An on-screen record of every `coral:` event and every dataLayer push on the
 * page, newest first, so campaigners can see what their analytics will receive.
 */
export default function EventLog({
  events = DONATE_FORM_EVENTS,
  headingLevel = 2,
}: {
  events?: readonly string[];
  headingLevel?: 2 | 3;
}): ReactNode {
  const titleId = useId();
  const [entries, setEntries] = useState<Entry[]>([]);
  useEffect(() => {
    let next = 0;
    const add = (source: Entry['source'], name: string, detail: unknown, origin?: string) =>
      setEntries((list) => [{id: (next += 1), source, name, detail: JSON.stringify(detail), origin}, ...list].slice(0, 50));
    // Which component sent it: its element's id (a custom element's own, once the event leaves its shadow root).
    const originOf = (target: EventTarget | null) => (target instanceof Element && target.id ? `#${target.id}` : undefined);
    const onEvent = (event: Event) => add('event', event.type, (event as CustomEvent).detail, originOf(event.target));
    for (const name of events) document.addEventListener(name, onEvent);

    // Watch the dataLayer by wrapping its push, as a tag manager does.
    const layer = (window.dataLayer ??= []);
    const push = layer.push.bind(layer);
    layer.push = (...items: unknown[]) => {
      for (const item of items) {
        const entry = item as {event?: unknown} | null;
        if (entry && typeof entry.event === 'string') add('dataLayer', entry.event, item);
      }
      return push(...items);
    };
    return () => {
      for (const name of events) document.removeEventListener(name, onEvent);
      layer.push = push;
    };
  }, [events]);

  return (
    <section className={styles.log} aria-labelledby={titleId}>
      <Heading as={`h${headingLevel}`} id={titleId} className={styles.title}>
        Event log
      </Heading>
      <p className={styles.help}>
        Every <code>coral:</code> event and dataLayer push from this page, newest first.
      </p>
      {entries.length === 0 ? (
        <p className={styles.empty}>Nothing yet: choose an amount or start on the form.</p>
      ) : (
        <ol className={styles.list} data-testid="event-log">
          {entries.map((entry) => (
            <li key={entry.id} data-source={entry.source}>
              <span className={styles.source}>{entry.source === 'event' ? 'event' : 'dataLayer'}</span>{' '}
              <code className={styles.name}>{entry.name}</code>
              {entry.origin && <span className={styles.origin}> from {entry.origin}</span>}
              <pre className={styles.detail}>{entry.detail}</pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
