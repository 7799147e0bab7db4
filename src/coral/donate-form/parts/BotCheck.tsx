/**
 * Room for the bot check (Cloudflare Turnstile) above the give button, when
 * the config has a site key. Turnstile's frame cannot live in a shadow root,
 * so embedded, the room is a light-DOM child of the element shown through a
 * slot, as the processor's fields are.
 */
import {useContext, useEffect, useId, useRef, type ReactNode} from 'react';
import {loadBotCheck} from '../../shared/gateways';
import {LightRoomContext, useLook} from '../../shared/ui';
import {useDonateFormContext} from '../context';
import styles from '../DonateForm.module.css';

export function BotCheck(): ReactNode {
  const {config, botCheck} = useDonateFormContext();
  const lightRoom = useContext(LightRoomContext);
  const wrapper = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const slot = `coral-bot-check-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const {dark} = useLook(wrapper);
  const siteKey = config.botCheck?.siteKey;

  useEffect(() => {
    if (!botCheck || !siteKey) return;
    const room = lightRoom ? lightRoom.open(slot) : inner.current;
    if (!room) return;
    let gone = false;
    let remove: (() => void) | null = null;
    botCheck.report({status: 'loading'});
    // Only a form with a site key fetches this code, and Turnstile's script through it.
    loadBotCheck()
      .then(({mountTurnstile}) =>
        mountTurnstile(room, {siteKey, dark}, (state) => {
          if (!gone) botCheck.report(state);
        }),
      )
      .then(
        (mounted) => {
          if (gone) return mounted.remove();
          botCheck.attach(mounted.reset);
          remove = mounted.remove;
        },
        () => {
          if (!gone) botCheck.report({status: 'unavailable'});
        },
      );
    return () => {
      gone = true;
      remove?.();
      botCheck.attach(null);
      lightRoom?.close(slot);
    };
    // Drawn once per form; the colour scheme is read when it is drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- dark is read once here
  }, [botCheck, siteKey, lightRoom, slot]);

  if (!botCheck) return null;
  return (
    <div ref={wrapper} className={styles.botCheck} part="bot-check">
      {lightRoom ? <slot name={slot} /> : <div ref={inner} />}
    </div>
  );
}
