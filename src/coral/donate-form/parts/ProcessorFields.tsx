/**
 * Room for a processor's own payment fields (Stripe's Payment Element). The
 * gateway draws them in frames of the processor's origin; the form only hears
 * whether they are complete and which method is chosen, never what was typed.
 * Embedded, the room is a light-DOM child of the element shown through a
 * slot, since the processor's frames refuse a shadow root.
 */
import {useContext, useEffect, useId, useRef, useState, type ReactNode} from 'react';
import type {FieldsSetup, MountedFields} from '../../shared/gateways';
import {LightRoomContext, Checkbox, useLook} from '../../shared/ui';
import ui from '../../shared/ui/ui.module.css';
import {useDonateFormContext} from '../context';
import {methodsFor, offersSaveCard, totalOf} from '../derive';
import styles from '../DonateForm.module.css';
import {FieldsFailed} from './FieldsFailed';

/** What the fields start from when the form opens with an amount it cannot take yet: updated as soon as there is one. */
const FALLBACK = {amount: 100, frequency: 'one-off', methods: ['card'], saveCard: false} as const;

export function ProcessorFields(): ReactNode {
  const {config, state, dispatch, messages, fieldId, gateway, shown} = useDonateFormContext();
  const lightRoom = useContext(LightRoomContext);
  const wrapper = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedFields | null>(null);
  const [attempt, setAttempt] = useState(0);
  const slot = `coral-payment-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const look = useLook(wrapper);

  // The gift as it stands; while the amount is being corrected, the fields keep the last one that was valid.
  const total = totalOf(config, state);
  const fingerprint = total
    ? JSON.stringify({
        amount: total.perPayment,
        currency: config.currency,
        frequency: state.frequency,
        methods: methodsFor(config, state.frequency),
        saveCard: offersSaveCard(config, state) && state.saveCard,
        locale: config.locale,
        look,
      } satisfies FieldsSetup)
    : null;
  const latest = useRef<FieldsSetup | null>(null);
  useEffect(() => {
    if (fingerprint === null) return;
    latest.current = JSON.parse(fingerprint) as FieldsSetup;
    mounted.current?.update(latest.current);
  }, [fingerprint]);

  useEffect(() => {
    const fields = gateway.fields;
    if (!fields) {
      dispatch({type: 'payment-fields', status: {status: 'failed', detail: 'this gateway has no payment fields'}});
      return;
    }
    const room = lightRoom ? lightRoom.open(slot) : inner.current;
    if (!room) return;
    const setup = latest.current ?? {...FALLBACK, currency: config.currency, locale: config.locale, look};
    const handle = fields.mount(room, setup, (status) => dispatch({type: 'payment-fields', status}));
    mounted.current = handle;
    return () => {
      handle.unmount();
      mounted.current = null;
      lightRoom?.close(slot);
    };
    // Mounted once per gateway and attempt; the gift's changes reach the fields through update().
    // eslint-disable-next-line react-hooks/exhaustive-deps -- config and look are read once here and updated above
  }, [gateway, lightRoom, slot, attempt, dispatch]);

  const {fields} = state;
  return (
    <div
      ref={wrapper}
      id={fieldId('paymentFields')}
      className={styles.processorFields}
      tabIndex={-1}
      data-status={fields.status}
      aria-busy={fields.status === 'loading' || undefined}
      // The error summary's link lands here; the fields themselves take the focus.
      onFocus={(event) => {
        if (event.target === event.currentTarget) mounted.current?.focus();
      }}
    >
      {fields.status === 'loading' && <p className={ui.hint}>{messages.paymentFieldsLoading}</p>}
      {lightRoom ? <slot name={slot} /> : <div ref={inner} />}
      {offersSaveCard(config, state) && fields.status === 'ready' && (
        <Checkbox
          id={fieldId('saveCard')}
          label={messages.saveCardLabel}
          checked={state.saveCard}
          onChange={(value) => dispatch({type: 'toggle', field: 'saveCard', value})}
        />
      )}
      {fields.status === 'failed' ? (
        <FieldsFailed retry={() => setAttempt((n) => n + 1)} />
      ) : (
        shown.paymentFields &&
        fields.status === 'ready' && (
          <p className={ui.error} role="alert">
            {shown.paymentFields}
          </p>
        )
      )}
    </div>
  );
}
