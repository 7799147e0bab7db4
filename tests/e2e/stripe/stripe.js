/*
 * A small stand-in for Stripe.js, served in place of https://js.stripe.com by
 * the browser tests (tests/e2e/stripe/standIn.ts). It copies the documented
 * behaviour of the parts Coral uses, not Stripe's code:
 *
 * - `Stripe(publishableKey)` with `elements({mode, amount, currency, allowedPaymentMethodTypes,
 *   setupFutureUsage, captureMethod, appearance})`, `elements.update()` (its promise settles once
 *   the fields have applied the change), `elements.submit()`, `elements.create('payment')` and the
 *   element's `mount()`, `on('ready' | 'change' | 'loaderror')`, `focus()` and `destroy()`;
 * - the fields live in a frame of js.stripe.com, another origin than the page's, and only that frame
 *   ever holds what is typed: it sends card and bank details to api.stripe.com itself;
 * - an element refuses to mount inside a shadow root;
 * - `confirmPayment({elements, clientSecret, confirmParams, redirect: 'if_required'})` answers
 *   `{paymentIntent}` or `{error}` with Stripe's error types and codes, and runs the bank's check
 *   (3-D Secure) in the frame when the card asks for one;
 * - `retrievePaymentIntent(clientSecret)` reads the intent with the publishable key.
 *
 * It keeps the rules of the deferred-intent flow (docs.stripe.com/payments/accept-a-payment-deferred)
 * as Stripe.js does, with Stripe.js's messages:
 *
 * - `confirmPayment` before a successful `elements.submit()` throws an IntegrationError;
 * - `elements.update()` is not applied at once: its promise settles once the fields have applied the
 *   change, and until then the Elements hold the options they had;
 * - `elements.submit()` checks the fields and collects a wallet's payment for the gift the Elements
 *   hold when it is called (a wallet's sheet shows that gift), so the intent being confirmed must have
 *   the mode, amount, currency, payment method types, setup_future_usage and capture method the
 *   Elements held at the last successful `submit()`, whatever changed since; otherwise `confirmPayment`
 *   answers an `invalid_request_error` naming the first that differs, and nothing is confirmed;
 * - `paymentMethodTypes` is refused on `elements()` and `elements.update()`, as Stripe.js refuses it
 *   from the 2026-09-30.endive release on (`allowedPaymentMethodTypes` replaces it);
 * - when the Payment Element may offer Apple Pay (`wallets.applePay` other than 'never'), `submit()`
 *   opens Apple Pay's sheet for a supporter who picked it, and Safari opens that sheet only within
 *   the user activation (a click, a key, a touch) the page is handling. The double holds every
 *   submit() to that rule, as such a supporter's Safari would: a submit() called after the page
 *   yielded to the event loop since the gesture (an awaited fetch, a timer, a rendering frame, a
 *   chunk loaded) throws Stripe.js's IntegrationError.
 */
(function () {
  'use strict';
  const FRAME_ORIGIN = 'https://js.stripe.com';
  const FRAME = FRAME_ORIGIN + '/stand-in/payment-frame.html';
  const API = 'https://api.stripe.com/v1';
  const DEFERRED_GUIDE = 'https://stripe.com/docs/payments/accept-a-payment-deferred';
  const SUBMIT_FIRST =
    'elements.submit() must be called before stripe.confirmPayment(). Call elements.submit() as soon as your customer presses pay, prior to any asynchronous work. Integration guide: ' +
    DEFERRED_GUIDE;
  const APPLE_PAY_GESTURE =
    'Failed to show the Apple Pay payment sheet. Apple Pay requires the payment sheet to be displayed immediately after a user activation event, like a click or touch gesture. To prevent this error, call `elements.submit()` at the top of your submission handler, before any async or long-running code.';
  const NO_ELEMENT =
    'Invalid value for stripe.confirmPayment(): elements should have a mounted Payment Element or Express Checkout Element.';
  let frames = 0;

  class IntegrationError extends Error {
    constructor(message) {
      super(message);
      this.name = 'IntegrationError';
    }
  }

  /*
   * The user activation the page is handling now. A trusted activating event opens it; it ends when the
   * event loop moves on: at the next task (a timer queued here, before any the page queues after the
   * gesture) or the next rendering frame, whichever comes first. Microtasks of the gesture's own task
   * (the form's submit event, a promise already settled) still belong to it.
   */
  let gesture = null;
  for (const type of ['keydown', 'mousedown', 'pointerdown', 'pointerup', 'mouseup', 'touchend', 'click']) {
    window.addEventListener(
      type,
      (event) => {
        if (!event.isTrusted) return;
        const turn = {};
        gesture = turn;
        const end = () => {
          if (gesture === turn) gesture = null;
        };
        setTimeout(end, 0);
        requestAnimationFrame(end);
      },
      true,
    );
  }

  /** Stripe's way of writing a value in its mismatch messages. */
  const shown = (value) => (Array.isArray(value) ? '[' + value.map((v) => '"' + v + '"').join(', ') + ']' : String(value));
  const sameSet = (a, b) => a.length === b.length && a.every((v) => b.includes(v));

  /** The first way `intent` differs from the Elements' `settings`, in Stripe.js's words; null when it matches. */
  function mismatch(settings, intent, kind) {
    const differs = (field, provided, expected) =>
      'The provided ' + field + ' (' + shown(provided) + ') does not match the expected ' + field + ' (' + shown(expected) + ').';
    const mode = settings.mode || 'payment';
    if ((mode === 'setup') !== (kind === 'setup')) return differs('mode', kind, mode);
    if (kind === 'setup') return null;
    if (intent.amount !== settings.amount) return differs('amount', intent.amount, settings.amount);
    if (intent.currency !== String(settings.currency).toLowerCase()) return differs('currency', intent.currency, settings.currency);
    const allowed = settings.allowedPaymentMethodTypes;
    // The API always lists an intent's types; an API stand-in that leaves them out is not asked about them.
    if (allowed && Array.isArray(intent.payment_method_types) && !sameSet(intent.payment_method_types, allowed)) {
      return differs('payment_method_types', intent.payment_method_types, allowed);
    }
    // In subscription mode the Subscription decides how the method is kept; a payment's intent says it itself.
    const usage = settings.setupFutureUsage || null;
    if (mode === 'payment' && (intent.setup_future_usage || null) !== usage) {
      return differs('setup_future_usage', intent.setup_future_usage || null, usage);
    }
    const capture = settings.captureMethod || 'automatic';
    const captured = intent.capture_method || 'automatic';
    if (captured !== capture) return differs('capture_method', captured, capture);
    return null;
  }

  function refuseRetiredOptions(options, where) {
    if (options && 'paymentMethodTypes' in options) {
      throw new IntegrationError(
        'Invalid value for ' + where + ': paymentMethodTypes is no longer supported. Use allowedPaymentMethodTypes instead.',
      );
    }
  }

  function Stripe(publishableKey) {
    if (!/^pk_(test|live)_/.test(String(publishableKey))) throw new IntegrationError('Invalid API Key provided: ' + publishableKey);
    const pending = new Map();
    let asked = 0;

    /** Asks the element's frame and answers what it says back. */
    function ask(element, message) {
      asked += 1;
      const id = asked;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        element.send({...message, id});
      });
    }

    function retrieve(clientSecret) {
      const id = String(clientSecret).split('_secret_')[0];
      const query = new URLSearchParams({client_secret: clientSecret, key: publishableKey});
      return fetch(API + '/payment_intents/' + encodeURIComponent(id) + '?' + query).then(
        (response) => response.json().then((body) => (response.ok ? {paymentIntent: body} : {error: body.error})),
        () => ({error: {type: 'api_connection_error', message: 'Could not reach Stripe.'}}),
      );
    }

    function elements(options) {
      refuseRetiredOptions(options, 'stripe.elements()');
      /** What the fields have applied: every update counts from the moment the frame says so. */
      let applied = {...options};
      /** The options with every update sent, applied or not. */
      let requested = {...options};
      let element = null;
      let wallets = true;
      /** The last submit(): 'none', 'pending', 'failed' or 'done'. */
      let submitted = 'none';
      /** The options the Elements held when the last successful submit() was called: the gift it checked. */
      let checked = null;
      const group = {
        create(type, createOptions) {
          if (type !== 'payment') throw new IntegrationError('the stand-in draws the payment element only');
          const handlers = {};
          const emit = (name, event) => (handlers[name] || []).forEach((handler) => handler(event));
          const applePay = createOptions && createOptions.wallets && createOptions.wallets.applePay;
          wallets = applePay !== 'never';
          let frame = null;
          /** Messages for a frame still loading, sent once it has its setup. */
          let waiting = [];
          const listener = (event) => {
            if (!frame || event.source !== frame.contentWindow || event.origin !== FRAME_ORIGIN) return;
            const data = event.data;
            if (data.type === 'ready') emit('ready', {elementType: 'payment'});
            if (data.type === 'change')
              emit('change', {
                elementType: 'payment',
                complete: data.complete,
                empty: data.empty,
                collapsed: false,
                value: {type: data.method},
              });
            if (data.type === 'height') frame.style.height = data.height + 'px';
            if (data.type === 'answer' && pending.has(data.id)) {
              pending.get(data.id)(data.result);
              pending.delete(data.id);
            }
          };
          element = {
            mount(target) {
              const container = typeof target === 'string' ? document.querySelector(target) : target;
              if (!container) throw new IntegrationError('the selector matches no element');
              if (container.getRootNode() instanceof ShadowRoot) {
                throw new IntegrationError('Elements cannot be mounted in a ShadowRoot. Please mount in the Light DOM.');
              }
              frames += 1;
              frame = document.createElement('iframe');
              frame.name = '__privateStripeFrame' + frames;
              frame.title = 'Secure payment input frame';
              frame.setAttribute('allow', 'payment *');
              frame.style.setProperty('border', '0', 'important');
              frame.style.setProperty('width', '100%', 'important');
              frame.style.setProperty('height', '120px');
              frame.style.setProperty('display', 'block', 'important');
              window.addEventListener('message', listener);
              frame.addEventListener('load', () => {
                frame.contentWindow.postMessage(
                  {type: 'setup', publishableKey, options: requested, create: createOptions || {}},
                  FRAME_ORIGIN,
                );
                for (const message of waiting) frame.contentWindow.postMessage(message, FRAME_ORIGIN);
                waiting = null;
              });
              frame.addEventListener('error', () =>
                emit('loaderror', {
                  elementType: 'payment',
                  error: {type: 'api_connection_error', message: 'The payment fields did not load.'},
                }),
              );
              frame.src = FRAME;
              container.appendChild(frame);
            },
            on(name, handler) {
              (handlers[name] = handlers[name] || []).push(handler);
              return element;
            },
            send(message) {
              if (waiting) waiting.push(message);
              else if (frame) frame.contentWindow.postMessage(message, FRAME_ORIGIN);
            },
            focus() {
              element.send({type: 'focus'});
              if (frame) frame.focus();
            },
            update() {},
            destroy() {
              window.removeEventListener('message', listener);
              if (frame) frame.remove();
              frame = null;
              element = null;
            },
            frame: () => frame,
          };
          return element;
        },
        update(next) {
          refuseRetiredOptions(next, 'elements.update()');
          const frame = element && element.frame();
          if (!frame) {
            applied = {...applied, ...next};
            requested = {...requested, ...next};
            return Promise.resolve();
          }
          // The frame applies each change in turn (Stripe's fields work out what the new gift allows); until it
          // answers, the Elements keep the options they had.
          requested = {...requested, ...next};
          return ask(element, {type: 'setup', publishableKey, options: requested}).then(() => {
            applied = {...applied, ...next};
          });
        },
        submit() {
          if (wallets && !gesture) return Promise.reject(new IntegrationError(APPLE_PAY_GESTURE));
          const frame = element && element.frame();
          if (!frame) return Promise.resolve({error: {type: 'validation_error', message: 'The payment element is not mounted.'}});
          submitted = 'pending';
          const held = {...applied};
          return ask(element, {type: 'submit'}).then((result) => {
            submitted = result.error ? 'failed' : 'done';
            checked = result.error ? null : held;
            return result.error ? result : {selectedPaymentMethod: result.selectedPaymentMethod};
          });
        },
        frame: () => element && element.frame(),
        element: () => element,
        checked: () => checked,
        submitted: () => submitted,
      };
      return group;
    }

    return {
      elements,
      _registerWrapper() {},
      async confirmPayment({elements: group, clientSecret, confirmParams}) {
        const frame = group && group.frame();
        if (!frame) throw new IntegrationError(NO_ELEMENT);
        if (group.submitted() !== 'done') throw new IntegrationError(SUBMIT_FIRST);
        const kind = /^seti_/.test(String(clientSecret)) ? 'setup' : 'payment';
        const read = await retrieve(clientSecret);
        if (read.error) return {error: read.error};
        const differs = mismatch(group.checked(), read.paymentIntent, kind);
        if (differs) return {error: {type: 'invalid_request_error', message: differs}};
        const billing = (confirmParams && confirmParams.payment_method_data && confirmParams.payment_method_data.billing_details) || {};
        return ask(group.element(), {type: 'confirm', clientSecret, billing});
      },
      retrievePaymentIntent: retrieve,
    };
  }

  // Stripe.js says which release it is; @stripe/stripe-js warns when it is not the one it expects.
  const script = document.currentScript;
  Stripe.version = ((script && /js\.stripe\.com\/([a-z0-9]+)\/stripe\.js/.exec(script.src)) || [])[1] || 'v3';
  window.Stripe = Stripe;
})();
