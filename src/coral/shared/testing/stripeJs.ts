/**
 * A small stand-in for Stripe.js, for unit and component tests of the `stripe`
 * gateway (the browser tests run a fuller one, tests/e2e/stripe/). It keeps
 * the rules of the deferred-intent flow that the gateway's order depends on,
 * as Stripe.js documents them:
 *
 * - `elements.update()` settles once the fields have applied the change; until
 *   then the Elements hold the options they had;
 * - `elements.submit()` checks the fields and collects a wallet's payment for
 *   the gift the Elements hold at that moment; where Apple Pay may be offered,
 *   it opens the sheet only within a user's gesture (a click, a key), and
 *   outside one it rejects with Stripe.js's IntegrationError;
 * - `confirmPayment()` before a successful submit throws; an intent whose
 *   mode, amount, currency or (for a payment) `setup_future_usage` differs
 *   from what was submitted is refused, and nothing is confirmed; a cancelled
 *   intent takes no confirmation.
 *
 * Intents are made by the test's endpoint with `intent()`; their client secret
 * is all the page knows of them.
 */
type Options = {mode: string; amount: number; currency: string; setupFutureUsage?: string | null};
type ChangeEvent = {complete: boolean; value: {type: string}};
type Intent = {
  id: string;
  mode: 'payment' | 'subscription';
  amount: number;
  currency: string;
  setup_future_usage: string | null;
  status: string;
  last_payment_error: null;
};
/** What an intent is made with besides its mode and amount, as the endpoint sets it from the gift. */
type Made = {currency?: string; setupFutureUsage?: string | null};

export type StripeJsStandIn = {
  /** What happened, in order: `update <amount>`, `submit`, `confirm`, and whatever the test notes itself. */
  calls: string[];
  /** The options the Elements held at each submit() Stripe.js accepted. */
  submitted: Options[];
  /** Runs `act` as a supporter's gesture: a submit() within it may open a wallet's sheet. */
  click: <T>(act: () => T) => T;
  /** Applies the oldest change still on its way to the fields. */
  applyUpdate: () => void;
  /** Makes an intent, as the endpoint would (in AUD, keeping no card, unless told); answers its client secret. */
  intent: (mode: Intent['mode'], amount: number, made?: Made) => string;
  /** Cancels an intent, as the endpoint's card-testing guard does. */
  cancel: (clientSecret: string) => void;
  /** The next confirmation is lost on the way to Stripe, as on a dropped connection: Stripe.js answers a connection error. */
  loseNextConfirmation: () => void;
  /** The supporter completes the card in the fields, which say so as the Payment Element's `change` event does; throws before they are there. */
  typeCard: () => void;
  /**
   * The organisation's endpoint, as a `fetch`: one intent per idempotency key, made for the gift's amount,
   * frequency, currency and `savePaymentMethod` and answered with its client secret. `seen` hears each gift sent, before the answer.
   */
  endpoint: (seen?: (gift: {key: string; amount: number; frequency: string}, clientSecret: string) => void) => typeof fetch;
  /** What `loadStripe` resolves to. */
  stripe: () => unknown;
};

const APPLE_PAY_GESTURE =
  'IntegrationError: Apple Pay requires the payment sheet to be displayed immediately after a user activation event.';
const SUBMIT_FIRST = 'IntegrationError: elements.submit() must be called before stripe.confirmPayment().';

/** `autoApply`: each change reaches the fields a moment after it is sent, as in a page; otherwise the test applies each itself. */
export function stripeJsStandIn({autoApply = false} = {}): StripeJsStandIn {
  const calls: string[] = [];
  const submitted: Options[] = [];
  const intents = new Map<string, Intent>();
  const waiting: Array<() => void> = [];
  let gesture = false;
  let losing = false;
  const changeHandlers: Array<(event: ChangeEvent) => void> = [];

  // In a DOM, a trusted gesture is a pointer or key event; it lasts until the page moves on to another task.
  if (typeof window !== 'undefined') {
    for (const type of ['pointerdown', 'mousedown', 'keydown', 'click']) {
      window.addEventListener(
        type,
        () => {
          gesture = true;
          setTimeout(() => (gesture = false), 0);
        },
        true,
      );
    }
  }

  function elements(initial: Options) {
    let applied = {...initial};
    let wallets = true;
    let checked: Options | null = null;
    const element = {
      on(name: string, handler: (event: ChangeEvent) => void) {
        if (name === 'change') changeHandlers.push(handler);
        return element;
      },
      mount: () => undefined,
      destroy: () => undefined,
      focus: () => undefined,
    };
    const group = {
      create: (_type: string, options?: {wallets?: {applePay?: string}}) => {
        wallets = options?.wallets?.applePay !== 'never';
        return element;
      },
      update: (next: Partial<Options>) => {
        calls.push(`update ${next.amount}`);
        return new Promise<void>((resolve) => {
          const apply = () => {
            applied = {...applied, ...next};
            resolve();
          };
          if (autoApply) setTimeout(apply, 0);
          else waiting.push(apply);
        });
      },
      submit: async () => {
        calls.push('submit');
        if (wallets && !gesture) throw new Error(APPLE_PAY_GESTURE);
        checked = {...applied};
        submitted.push(checked);
        return {selectedPaymentMethod: 'card'};
      },
      checked: () => checked,
    };
    return group;
  }

  const intentOf = (clientSecret: string) => intents.get(clientSecret.split('_secret_')[0] ?? '');

  return {
    calls,
    submitted,
    click(act) {
      gesture = true;
      try {
        return act();
      } finally {
        gesture = false;
      }
    },
    applyUpdate: () => waiting.shift()?.(),
    typeCard() {
      if (changeHandlers.length === 0) throw new Error('no Payment Element is listening yet');
      for (const handler of changeHandlers) handler({complete: true, value: {type: 'card'}});
    },
    intent(mode, amount, {currency = 'aud', setupFutureUsage = null} = {}) {
      const id = `${mode === 'payment' ? 'pi' : 'sub'}_standin${intents.size + 1}`;
      const made = {currency: currency.toLowerCase(), setup_future_usage: setupFutureUsage};
      intents.set(id, {id, mode, amount, ...made, status: 'requires_payment_method', last_payment_error: null});
      return `${id}_secret_standin`;
    },
    cancel: (clientSecret) => Object.assign(intentOf(clientSecret)!, {status: 'canceled'}),
    loseNextConfirmation: () => (losing = true),
    endpoint(seen) {
      const made = new Map<string, string>();
      return async (_url, init) => {
        const gift = JSON.parse(init?.body as string) as {
          amount: number;
          frequency: string;
          currency?: string;
          savePaymentMethod?: boolean;
        };
        const {amount, frequency} = gift;
        const key = new Headers(init?.headers).get('idempotency-key')!;
        const clientSecret =
          made.get(key) ??
          this.intent(frequency === 'one-off' ? 'payment' : 'subscription', amount, {
            currency: gift.currency ?? 'aud',
            setupFutureUsage: gift.savePaymentMethod ? 'off_session' : null,
          });
        made.set(key, clientSecret);
        seen?.({key, amount, frequency}, clientSecret);
        const body = {status: 'requires_confirmation', clientSecret, reference: clientSecret.split('_secret_')[0]};
        return new Response(JSON.stringify(body), {status: 200, headers: {'content-type': 'application/json'}});
      };
    },
    stripe: () => ({
      elements,
      async confirmPayment({elements: group, clientSecret}: {elements: ReturnType<typeof elements>; clientSecret: string}) {
        calls.push('confirm');
        const held = group.checked();
        if (!held) throw new Error(SUBMIT_FIRST);
        if (losing) {
          losing = false;
          return {error: {type: 'api_connection_error', message: 'Could not reach Stripe.'}};
        }
        const intent = intentOf(clientSecret)!;
        if (intent.status !== 'requires_payment_method') {
          const message = `This PaymentIntent's payment_method could not be updated because it has a status of ${intent.status}.`;
          return {error: {type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message, payment_intent: {...intent}}};
        }
        const differs = (field: string, provided: unknown, expected: unknown) => ({
          error: {
            type: 'invalid_request_error',
            message: `The provided ${field} (${provided}) does not match the expected ${field} (${expected}).`,
          },
        });
        if (intent.mode !== held.mode) return differs('mode', intent.mode, held.mode);
        if (intent.amount !== held.amount) return differs('amount', intent.amount, held.amount);
        if (intent.currency !== held.currency.toLowerCase()) return differs('currency', intent.currency, held.currency);
        const usage = held.setupFutureUsage ?? null;
        if (intent.mode === 'payment' && intent.setup_future_usage !== usage) {
          return differs('setup_future_usage', intent.setup_future_usage, usage);
        }
        intent.status = 'succeeded';
        return {paymentIntent: {...intent}};
      },
      retrievePaymentIntent: async (clientSecret: string) => ({paymentIntent: {...intentOf(clientSecret)!}}),
    }),
  };
}
