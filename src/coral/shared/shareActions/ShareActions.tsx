import {useState, type ReactNode} from 'react';
import {useHydrated} from '../ui';
import {fill} from '../basics';
import ui from '../ui/ui.module.css';
import {
  shareLink,
  shareUrlOf,
  type LinkChannel,
  type ShareConfig,
  type ShareContent,
  type ShareMessages,
  type ShareMethod,
  type ShareOutcome,
} from '../share';
import styles from './ShareActions.module.css';

const LINK_LABELS: Record<LinkChannel, 'share.email' | 'share.whatsapp' | 'share.facebook' | 'share.x'> = {
  email: 'share.email',
  whatsapp: 'share.whatsapp',
  facebook: 'share.facebook',
  x: 'share.x',
};

/**
 * The share actions: the device's share sheet where there is one, or a link
 * per channel, and a copy button, for the `share` config on the page at
 * `pageHref`; nothing when the config turns them off. `onShare` hears what was used and how it went.
 */
export function ShareActions({
  share,
  pageHref,
  messages,
  onShare,
  Heading,
  headingId,
  className,
}: {
  share: ShareConfig;
  pageHref: string;
  messages: ShareMessages;
  onShare: (method: ShareMethod, outcome: ShareOutcome) => void;
  Heading: 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'h1';
  headingId: string;
  className?: string;
}): ReactNode {
  // Known only in the browser, so the server's markup and the first render agree.
  const content: ShareContent = {url: shareUrlOf(share.url, pageHref), title: share.title, text: share.text};
  const native = useHydrated() && share.native && typeof navigator.share === 'function';
  const [status, setStatus] = useState<{outcome: 'copied' | 'failed'; seq: number} | null>(null);

  const shareNatively = async () => {
    try {
      await navigator.share({title: content.title, text: content.text, url: content.url});
      onShare('native', 'shared');
    } catch (error) {
      onShare('native', (error as {name?: unknown} | null)?.name === 'AbortError' ? 'cancelled' : 'failed');
    }
  };

  const copy = async () => {
    let outcome: 'copied' | 'failed' = 'failed';
    try {
      if (navigator.clipboard) {
        await navigator.clipboard.writeText(content.url);
        outcome = 'copied';
      }
    } catch {
      // Refused (no permission, insecure page): the status shows the link to copy by hand.
    }
    setStatus((last) => ({outcome, seq: (last?.seq ?? 0) + 1}));
    onShare('copy', outcome);
  };

  if (!share.enabled) return null;
  // The channels show in the config's order; the device's share sheet, where there is one, stands in for the links.
  const firstLink = share.channels.find((channel): channel is LinkChannel => channel !== 'copy');
  const nativeItem = (
    <li key="native">
      <button type="button" className={ui.button} onClick={() => void shareNatively()}>
        {messages.shareNative}
      </button>
    </li>
  );
  return (
    <section className={className} aria-labelledby={headingId} part="share">
      <Heading id={headingId} className={styles.heading}>
        {messages.shareHeading}
      </Heading>
      <ul className={styles.list}>
        {native && firstLink === undefined && nativeItem}
        {share.channels.map((channel) => {
          if (channel === 'copy') {
            return (
              <li key="copy">
                <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => void copy()}>
                  {messages.copyLink}
                </button>
              </li>
            );
          }
          if (native) return channel === firstLink ? nativeItem : null;
          // A mail link opens the mail app, not a page: a new tab would be left empty.
          const web = channel !== 'email';
          return (
            <li key={channel}>
              <a
                className={styles.link}
                href={shareLink(channel, content)}
                rel="noopener noreferrer"
                target={web ? '_blank' : undefined}
                data-channel={channel}
                onClick={() => onShare(channel, 'opened')}
              >
                {messages[LINK_LABELS[channel]]}
                {web && ' '}
                {web && <span className={ui.visuallyHidden}>{messages.newTab}</span>}
              </a>
            </li>
          );
        })}
      </ul>
      <p className={styles.status} role="status">
        {status && (
          <span key={status.seq}>{status.outcome === 'copied' ? messages.copied : fill(messages.copyFailed, {url: content.url})}</span>
        )}
      </p>
    </section>
  );
}
