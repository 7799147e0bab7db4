/** The thank-you view: it renders what useThankYou.ts holds, composed of the pieces in parts/. */
import type {ReactNode} from 'react';
import {configured, type ConfigSource, type ViewProps} from '../shared/form';
import type {Gateway} from '../shared/gateways';
import {ShareActions} from '../shared/shareActions';
import ui from '../shared/ui/ui.module.css';
import {headingOf} from './derive';
import {Hero} from './parts/Hero';
import {ReceiptList} from './parts/ReceiptList';
import {UpgradeAsk} from './parts/UpgradeAsk';
import {checkThankYouConfig, type ThankYouConfig} from './schema';
import type {HeadingTag} from './state';
import styles from './ThankYou.module.css';
import {useThankYou} from './useThankYou';

/** The config inline (`config`, checked against the schema before anything renders), or a published form's (`form` and `endpoint`). */
export type ThankYouProps = ConfigSource & {
  /** The component's element id. */
  id?: string;
  /** Replaces the gateway the config names for the monthly form, e.g. in tests. */
  gateway?: Gateway;
  /** The level of the main heading, to fit the page's outline: 1 on a page of its own. */
  headingLevel?: 1 | 2 | 3;
};

/** Thanks the supporter for a gift handed over or named in the URL, with share actions and a monthly ask. */
export const ThankYou = configured<ThankYouProps, ThankYouConfig>('thank-you', checkThankYouConfig, ThankYouView);

function ThankYouView({config, id, gateway, headingLevel = 2}: ViewProps<ThankYouProps, ThankYouConfig, never>): ReactNode {
  const {root, messages, partId, gift, upgrade, answer, onShare, gateway: held} = useThankYou(config, id, gateway);
  const Heading = `h${headingLevel}` as HeadingTag;
  const SubHeading = `h${headingLevel + 1}` as HeadingTag;
  const receipt = gift?.receipt ?? null;
  const heading = headingOf(receipt, messages);
  const body = receipt ? messages.body : messages.bodyNoGift;
  const photography = config.variant === 'photography' && config.photo;

  return (
    <article
      id={id}
      ref={root}
      className={`${ui.theme} ${styles.thankYou}`}
      data-theme={config.theme}
      data-variant={config.variant}
      aria-labelledby={partId('heading')}
      part="thank-you"
    >
      {photography ? (
        <Hero photo={config.photo!} Heading={Heading} headingId={partId('heading')} heading={heading} body={body} />
      ) : (
        <header className={styles.header}>
          <Heading id={partId('heading')} className={styles.heading}>
            {heading}
          </Heading>
          <p className={styles.lead}>{body}</p>
        </header>
      )}
      <div className={styles.content}>
        {receipt && (
          <ReceiptList receipt={receipt} config={config} messages={messages} Heading={SubHeading} headingId={partId('receipt')} />
        )}
        {upgrade.status !== 'none' && (
          <UpgradeAsk
            config={config}
            messages={messages}
            state={upgrade}
            onAnswer={answer}
            gateway={held}
            Heading={SubHeading}
            headingId={partId('ask')}
            formLevel={(headingLevel + 1) as 2 | 3 | 4}
          />
        )}
        {gift && (
          <ShareActions
            share={config.share}
            messages={messages}
            pageHref={gift.pageHref}
            onShare={onShare}
            Heading={SubHeading}
            headingId={partId('share')}
            className={styles.section}
          />
        )}
      </div>
    </article>
  );
}
