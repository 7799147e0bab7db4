/** The gateway a config names, whose code loads when the form first sends: a page fetches only the one its config names. */
import type {Gateway, SignupGateway} from './gateway';
import {lazyGateway} from './lazyGateway';
import type {StripeGatewayOptions} from './stripe/gateway';
import {lazyStripeGateway} from './stripe/lazy';

/** The gateway a config names, as its schema gives it. */
export type GatewayConfig =
  {type: 'sandbox'; delayMs: number} | {type: 'http'; endpoint: string; timeoutMs: number} | ({type: 'stripe'} & StripeGatewayOptions);

export function gatewayFor(config: GatewayConfig): Gateway & SignupGateway {
  switch (config.type) {
    case 'sandbox':
      return lazyGateway(() => import('./sandbox').then((module) => module.createSandboxGateway({delayMs: config.delayMs})));
    case 'http':
      return lazyGateway(() =>
        import('./http').then((module) => module.createHttpGateway({endpoint: config.endpoint, timeoutMs: config.timeoutMs})),
      );
    case 'stripe':
      // A config's schema offers Stripe for gifts only, so nothing asks it to sign.
      return {...lazyStripeGateway(config), sign: () => Promise.reject(new Error('the stripe gateway takes gifts, not signatures'))};
  }
}
