/** What the form shows once the signature is in: thanks and share actions, or a line while it leaves for the next page. */
import {useLayoutEffect, useRef, type ReactNode} from 'react';
import {ShareActions} from '../../shared/shareActions';
import {fill} from '../../shared/basics';
import {usePowerformContext} from '../context';
import {showsCounter} from '../derive';
import styles from '../Powerform.module.css';
import {SignatureCounter} from './Counter';

export function ThankYou(): ReactNode {
  const {config, messages, state, SubHeading: Heading, fieldId, onShare} = usePowerformContext();
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);
  if (state.submission.status !== 'done') return null;
  const name = state.submission.signup.supporter.firstName;
  return (
    <div className={styles.thankYou} part="thank-you">
      <Heading ref={heading} tabIndex={-1} className={styles.thankYouHeading}>
        {name ? fill(messages.thankYouHeading, {name}) : messages.thankYouHeadingNoName}
      </Heading>
      {/* A signature on the sandbox went nowhere: the page says so rather than let a test pass for a real one. */}
      {config.gateway.type === 'sandbox' && <p className={styles.testMode}>{messages.sandboxNotice}</p>}
      <p>{messages.thankYouBody}</p>
      {showsCounter(config) && <SignatureCounter />}
      <ShareActions
        share={config.share}
        messages={messages}
        pageHref={window.location.href}
        onShare={onShare}
        Heading={Heading}
        headingId={fieldId('share')}
        className={styles.share}
      />
    </div>
  );
}

/** Said while the page leaves for the redirect or the daisychain's next page. */
export function Leaving(): ReactNode {
  const {messages} = usePowerformContext();
  return (
    <p className={styles.leaving} role="status" part="leaving">
      {messages.redirecting}
    </p>
  );
}
