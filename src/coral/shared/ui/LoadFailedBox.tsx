import type {ReactNode} from 'react';
import styles from './ui.module.css';

/**
 * What an embedded component shows when its code would not load after every
 * try (a phone on a bad connection): what happened, a way to try again, and
 * where else to give or sign when the page names a place. The element's own
 * fallback content stays on show beside it.
 */
export function LoadFailedBox({
  component,
  fallbackUrl,
  retry,
  why,
}: {
  component: string;
  fallbackUrl?: string | null | undefined;
  retry: () => void;
  /** What went wrong, when more is known than a dropped connection. */
  why?: string;
}): ReactNode {
  return (
    <div className={styles.configError} role="alert" part="load-error">
      <p className={styles.configErrorTitle}>{why ?? `The ${component} could not load. Check your connection and try again.`}</p>
      <p>
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={retry}>
          Try again
        </button>
        {fallbackUrl && (
          <>
            {' '}
            <a href={fallbackUrl}>Continue on our website</a>
          </>
        )}
      </p>
    </div>
  );
}
