/**
 * Gateways fetched on demand: a form names its gateway in its config, and
 * only that gateway's code is ever fetched, the first time the form sends.
 */
import type {ChargeResult, Gateway, SignupGateway, SignupResult} from './gateway';
import {onDemand} from '../basics';

/** A gift whose gateway's code never arrived: nothing can have been charged, so the same key may be tried again. */
export const GIFT_CODE_NOT_LOADED = {
  status: 'error',
  outcome: 'not-charged',
  retryable: true,
  detail: 'the payment code did not load',
} as const satisfies ChargeResult;

const SIGNUP_CODE_NOT_LOADED = {
  status: 'error',
  outcome: 'not-sent',
  retryable: true,
  detail: 'the signup code did not load',
} as const satisfies SignupResult;

/** A gateway for gifts and signups whose code loads when it is first used. */
export function lazyGateway(load: () => Promise<Gateway & SignupGateway>): Gateway & SignupGateway {
  const code = onDemand(load);
  const real = () => code.get().catch(() => null);
  return {
    async charge(intent, options) {
      const gateway = await real();
      return gateway ? gateway.charge(intent, options) : GIFT_CODE_NOT_LOADED;
    },
    async sign(signup, options) {
      const gateway = await real();
      return gateway ? gateway.sign(signup, options) : SIGNUP_CODE_NOT_LOADED;
    },
  };
}
