/**
 * The `stripe` gateway as a form holds it: a small stand-in that loads the
 * real one (and, through it, Stripe.js) the first time the form mounts its
 * payment fields or sends a gift. Pages without a Stripe form never load either.
 */
import type {Gateway, MountedFields, PaymentFields} from '../gateway';
import {GIFT_CODE_NOT_LOADED as NOT_LOADED} from '../lazyGateway';
import {onDemand} from '../../basics';
import type {StripeGatewayOptions} from './gateway';

type Loaded = Gateway & {fields: PaymentFields};

export function lazyStripeGateway(options: StripeGatewayOptions): Gateway & {fields: PaymentFields} {
  // A chunk that failed to load (a dropped connection) is tried again next time.
  const code = onDemand((): Promise<Loaded> => import('./gateway').then((module) => module.createStripeGateway(options)));
  const load = code.get;
  return {
    async charge(intent, chargeOptions) {
      const real = await load().catch(() => null);
      return real ? real.charge(intent, chargeOptions) : NOT_LOADED;
    },
    async upgrade(ask, upgradeOptions) {
      const real = await load().catch(() => null);
      return real?.upgrade ? real.upgrade(ask, upgradeOptions) : NOT_LOADED;
    },
    fields: {
      mount(room, setup, report) {
        let gone = false;
        let latest = setup;
        let mounted: MountedFields | null = null;
        report({status: 'loading'});
        load().then(
          (real) => {
            if (!gone) mounted = real.fields.mount(room, latest, report);
          },
          (error: unknown) => {
            if (!gone) report({status: 'failed', detail: error instanceof Error ? error.message : String(error)});
          },
        );
        return {
          update(next) {
            latest = next;
            mounted?.update(next);
          },
          focus: () => mounted?.focus(),
          unmount() {
            gone = true;
            mounted?.unmount();
          },
        };
      },
      // Called within the supporter's click, so it cannot wait for the code to load: fields on the page mean it has.
      submit: () => code.loaded()?.fields.submit?.(),
    },
  };
}
