/** What the form says by the give button to reassure the supporter: a secure payment, the cards taken, how to change or cancel, tax and privacy. */
import type {ReactNode} from 'react';
import ui from '../../shared/ui/ui.module.css';
import {useDonateFormContext} from '../context';
import {entryOf} from '../derive';
import styles from '../DonateForm.module.css';
import {isOngoing} from '../../shared/money';
import {manageGiftLine} from '../../shared/ui';

// Small marks drawn here rather than fetched: no request leaves the page for them, and they scale with the text.
function CardMarks({label}: {label: string}): ReactNode {
  return (
    <span className={styles.cardMarks} role="img" aria-label={label} part="card-marks">
      <svg viewBox="0 0 40 26" aria-hidden="true" focusable="false">
        <rect x="0.5" y="0.5" width="39" height="25" rx="3" fill="#fff" stroke="#8a8f98" />
        <text
          x="20"
          y="17.5"
          textAnchor="middle"
          fontSize="11"
          fontWeight="700"
          fontStyle="italic"
          fontFamily="Arial, sans-serif"
          fill="#1a1f71"
        >
          VISA
        </text>
      </svg>
      <svg viewBox="0 0 40 26" aria-hidden="true" focusable="false">
        <rect x="0.5" y="0.5" width="39" height="25" rx="3" fill="#fff" stroke="#8a8f98" />
        <circle cx="16" cy="13" r="7.5" fill="#eb001b" />
        <circle cx="24" cy="13" r="7.5" fill="#f79e1b" fillOpacity="0.9" />
      </svg>
      <svg viewBox="0 0 40 26" aria-hidden="true" focusable="false">
        <rect x="0.5" y="0.5" width="39" height="25" rx="3" fill="#016fd0" stroke="#016fd0" />
        <text x="20" y="17" textAnchor="middle" fontSize="9" fontWeight="700" fontFamily="Arial, sans-serif" fill="#fff">
          AMEX
        </text>
      </svg>
    </span>
  );
}

export function Reassurance(): ReactNode {
  const {config, state, messages} = useDonateFormContext();
  const {secure, cardBrands, cancelAnyTime, taxDeductible, privacyUrl} = config.reassurance;
  // Said only where the config gives a way to do it, and in a new tab, like the privacy link, so nothing typed is lost.
  const manage = cancelAnyTime && isOngoing(state.frequency) ? manageGiftLine(config, messages, messages.opensInNewTab) : null;
  const lines = [
    // The sandbox charges nothing: it says so where a real gateway would promise a secure payment, whatever the config.
    entryOf(config) === 'test-fields' ? (
      <li key="test" className={styles.testMode}>
        {messages.sandboxNotice}
      </li>
    ) : (
      secure && (
        <li key="secure" className={styles.secure}>
          <svg className={styles.lock} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7h1zm2 0h4V5a2 2 0 0 0-4 0v2z" fill="currentColor" />
          </svg>
          {messages.securePayment}
        </li>
      )
    ),
    cardBrands && state.method === 'card' && (
      <li key="cards">
        <CardMarks label={messages.acceptedCards} />
      </li>
    ),
    manage !== null && <li key="cancel">{manage}</li>,
    taxDeductible && <li key="tax">{messages.taxDeductible}</li>,
    privacyUrl && (
      <li key="privacy">
        <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
          {messages.privacyLink} <span className={ui.visuallyHidden}>{messages.opensInNewTab}</span>
        </a>
      </li>
    ),
  ].filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <ul className={styles.reassurance} part="reassurance">
      {lines}
    </ul>
  );
}
