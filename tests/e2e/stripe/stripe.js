/*
 * A small stand-in for Stripe.js, served in place of https://js.stripe.com by
 * the browser tests (tests/e2e/stripe/standIn.ts). It copies the documented
 * behaviour of the parts Coral uses, not Stripe's code:
 *
 * - `Stripe(publishableKey)` with `elements({mode, amount, currency, allowedPaymentMethodTypes, appearance})`,
 *   `elements.update()`, `elements.submit()`, `elements.create('payment')` and the element's
 *   `mount()`, `on('ready' | 'change' | 'loaderror')`, `focus()` and `destroy()`;
 * - the fields live in a frame of js.stripe.com, another origin than the page's, and only that frame
 *   ever holds what is typed: it sends card and bank details to api.stripe.com itself;
 * - an element refuses to mount inside a shadow root;
 * - `confirmPayment({elements, clientSecret, confirmParams, redirect: 'if_required'})` answers
 *   `{paymentIntent}` or `{error}` with Stripe's error types and codes, and runs the bank's check
 *   (3-D Secure) in the frame when the card asks for one;
 * - `retrievePaymentIntent(clientSecret)` reads the intent with the publishable key.
 */
(function () {
  'use strict';
  const FRAME = 'https://js.stripe.com/stand-in/payment-frame.html';
  const API = 'https://api.stripe.com/v1';
  let frames = 0;

  function Stripe(publishableKey) {
    if (!/^pk_(test|live)_/.test(String(publishableKey))) throw new Error('IntegrationError: Invalid API Key provided: ' + publishableKey);
    const pending = new Map();
    let asked = 0;

    function ask(frame, message) {
      asked += 1;
      const id = asked;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        frame.contentWindow.postMessage({...message, id}, 'https://js.stripe.com');
      });
    }

    function elements(options) {
      let settings = {...options};
      let element = null;
      const group = {
        create(type, createOptions) {
          if (type !== 'payment') throw new Error('IntegrationError: the stand-in draws the payment element only');
          const handlers = {};
          const emit = (name, event) => (handlers[name] || []).forEach((handler) => handler(event));
          let frame = null;
          const listener = (event) => {
            if (!frame || event.source !== frame.contentWindow || event.origin !== 'https://js.stripe.com') return;
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
              if (!container) throw new Error('IntegrationError: the selector matches no element');
              if (container.getRootNode() instanceof ShadowRoot) {
                throw new Error('IntegrationError: Elements cannot be mounted in a ShadowRoot. Please mount in the Light DOM.');
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
                  {type: 'setup', publishableKey, options: settings, create: createOptions || {}},
                  'https://js.stripe.com',
                );
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
            focus() {
              if (frame) frame.contentWindow.postMessage({type: 'focus'}, 'https://js.stripe.com');
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
          settings = {...settings, ...next};
          const frame = element && element.frame();
          if (frame) frame.contentWindow.postMessage({type: 'setup', publishableKey, options: settings}, 'https://js.stripe.com');
          return Promise.resolve();
        },
        submit() {
          const frame = element && element.frame();
          if (!frame) return Promise.resolve({error: {type: 'validation_error', message: 'The payment element is not mounted.'}});
          return ask(frame, {type: 'submit'});
        },
        frame: () => element && element.frame(),
      };
      return group;
    }

    return {
      elements,
      _registerWrapper() {},
      confirmPayment({elements: group, clientSecret, confirmParams}) {
        const frame = group && group.frame();
        if (!frame) return Promise.resolve({error: {type: 'invalid_request_error', message: 'The payment element is not mounted.'}});
        const billing = (confirmParams && confirmParams.payment_method_data && confirmParams.payment_method_data.billing_details) || {};
        return ask(frame, {type: 'confirm', clientSecret, billing});
      },
      retrievePaymentIntent(clientSecret) {
        const id = String(clientSecret).split('_secret_')[0];
        const query = new URLSearchParams({client_secret: clientSecret, key: publishableKey});
        return fetch(API + '/payment_intents/' + encodeURIComponent(id) + '?' + query).then(
          (response) => response.json().then((body) => (response.ok ? {paymentIntent: body} : {error: body.error})),
          () => ({error: {type: 'api_connection_error', message: 'Could not reach Stripe.'}}),
        );
      },
    };
  }

  // Stripe.js says which release it is; @stripe/stripe-js warns when it is not the one it expects.
  const script = document.currentScript;
  Stripe.version = ((script && /js\.stripe\.com\/([a-z0-9]+)\/stripe\.js/.exec(script.src)) || [])[1] || 'v3';
  window.Stripe = Stripe;
})();
