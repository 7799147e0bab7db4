import {useCallback, useEffect, useState} from 'react';
import {onDemand} from '../basics';
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

const code = onDemand(() => import('./payment'));

/**
 * The sandbox's card and bank checks, loaded on demand: only a form whose
 * payment is typed into the sandbox's test fields uses them, so only such a
 * form (`wanted`) loads them, and it starts as it first renders, so they are
 * there by the time anyone types. When their code cannot load (a dropped
 * connection) the form holds the payment back, never sends it unchecked, and
 * the next `load` tries again.
 */
export function usePaymentChecks(wanted: boolean): PaymentChecksLoad {
  // Once here they serve every form on the page: a second form, or one drawn again, starts with them.
  const [checks, setChecks] = useState<PaymentChecks | null>(code.loaded);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async (): Promise<PaymentChecks | null> => {
    const ready = code.loaded();
    if (ready) {
      setChecks(ready);
      return ready;
    }
    setFailed(false);
    try {
      // A give pressed while the first load is on its way waits for that same load.
      const module = await code.get();
      setChecks(module);
      return module;
    } catch {
      setFailed(true);
      return null;
    }
  }, []);
  useEffect(() => {
    if (!wanted) return;
    // Asked even when a load has finished since this form first drew (another form's, or its own before a new config
    // drew it again): the answer then comes at once, and the form takes it rather than wait on nothing.
    let live = true;
    code.get().then(
      (module) => live && setChecks(module),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return {checks, failed, load};
}
