import {useCallback, useEffect, useRef, useState} from 'react';
import type * as PaymentModule from './payment';

/** The sandbox's card and bank checks and formatting, once their code is here. */
export type PaymentChecks = typeof PaymentModule;

/** The payment checks as a form holds them: null until they load, whether the last load failed, and a way to (re)load them. */
export type PaymentChecksLoad = {
  checks: PaymentChecks | null;
  failed: boolean;
  /** Answers the loaded checks at once; else loads them, answering null when their code cannot load. */
  load: () => Promise<PaymentChecks | null>;
};

/**
 * The sandbox's card and bank checks, loaded on demand: only a form whose
 * payment is typed into the sandbox's test fields uses them, so only such a
 * form (`wanted`) loads them, and it starts as it first renders, so they are
 * there by the time anyone types. When their code cannot load (a dropped
 * connection) the form holds the payment back, never sends it unchecked, and
 * the next `load` tries again.
 */
export function usePaymentChecks(wanted: boolean): PaymentChecksLoad {
  const [checks, setChecks] = useState<PaymentChecks | null>(null);
  const [failed, setFailed] = useState(false);
  // The checks that loaded, for `load` to answer at once without a render between; and the load on its way, which a
  // give pressed meanwhile waits for rather than starting another.
  const kept = useRef<PaymentChecks | null>(null);
  const pending = useRef<Promise<PaymentChecks | null> | null>(null);
  const load = useCallback((): Promise<PaymentChecks | null> => {
    if (kept.current) return Promise.resolve(kept.current);
    if (pending.current) return pending.current;
    setFailed(false);
    const loading = import('./payment').then(
      (module) => {
        kept.current = module;
        setChecks(module);
        return module;
      },
      () => {
        setFailed(true);
        return null;
      },
    );
    pending.current = loading;
    void loading.then(() => {
      pending.current = null;
    });
    return loading;
  }, []);
  useEffect(() => {
    if (wanted) void load();
  }, [wanted, load]);
  return {checks, failed, load};
}
