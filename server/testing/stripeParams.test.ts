/**
 * The stand-in refuses parameters as Stripe does, on every endpoint Coral's endpoint and `npm run doctor`
 * call, with each endpoint's parameters read from the installed SDK's own types.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type Stripe from 'stripe';
import {paramProblem, paramsOf, type ParamsSource} from './stripeParams';
import {startStripeStandIn, type StripeStandIn} from './stripeStandIn';

let standIn: StripeStandIn;
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = standIn.client();
});
afterAll(() => standIn.close());

/** A parameter no version of Stripe's API has. */
const stray = {coral_colour: 'teal'} as unknown as Record<string, never>;
const unknown = (param: string) => ({
  type: 'StripeInvalidRequestError',
  statusCode: 400,
  message: `Received unknown parameter: ${param}`,
  param,
});
const missing = (param: string) => ({
  type: 'StripeInvalidRequestError',
  statusCode: 400,
  message: `Missing required param: ${param}.`,
  param,
});

const price = {currency: 'aud', product: 'prod_gift', unit_amount: 500, recurring: {interval: 'day' as const}};

type Case = {
  endpoint: string;
  source: ParamsSource;
  /** A call with a parameter Stripe does not know, and the name Stripe gives it. */
  withUnknown: (stripe: Stripe) => Promise<unknown>;
  unknownParam: string;
  /** A call leaving out a required parameter, and its name; null where the endpoint requires none. */
  withMissing: ((stripe: Stripe) => Promise<unknown>) | null;
  missingParam?: string;
};

const CASES: Case[] = [
  {
    endpoint: 'POST /v1/customers',
    source: ['Customers.d.ts', 'CustomerCreateParams'],
    withUnknown: (s) => s.customers.create({email: 'ada@example.org', ...stray}),
    unknownParam: 'coral_colour',
    withMissing: (s) => s.customers.create({tax_id_data: [{value: '12345678901'} as Stripe.CustomerCreateParams.TaxIdDatum]}),
    missingParam: 'tax_id_data[0][type]',
  },
  {
    endpoint: 'GET /v1/customers/:id',
    source: ['Customers.d.ts', 'CustomerRetrieveParams'],
    withUnknown: (s) => s.customers.retrieve('cus_gift', stray),
    unknownParam: 'coral_colour',
    withMissing: null,
  },
  {
    endpoint: 'DELETE /v1/customers/:id',
    source: ['Customers.d.ts', 'CustomerDeleteParams'],
    withUnknown: (s) => s.customers.del('cus_gift', stray),
    unknownParam: 'coral_colour',
    withMissing: null,
  },
  {
    endpoint: 'GET /v1/products/:id',
    source: ['Products.d.ts', 'ProductRetrieveParams'],
    withUnknown: (s) => s.products.retrieve('prod_gift', stray),
    unknownParam: 'coral_colour',
    withMissing: null,
  },
  {
    endpoint: 'POST /v1/products',
    source: ['Products.d.ts', 'ProductCreateParams'],
    withUnknown: (s) => s.products.create({name: 'Gift', ...stray}),
    unknownParam: 'coral_colour',
    withMissing: (s) => s.products.create({} as Stripe.ProductCreateParams),
    missingParam: 'name',
  },
  {
    endpoint: 'POST /v1/payment_intents',
    source: ['PaymentIntents.d.ts', 'PaymentIntentCreateParams'],
    withUnknown: (s) =>
      s.paymentIntents.create({amount: 500, currency: 'aud', payment_method_types: ['card']} as Stripe.PaymentIntentCreateParams),
    unknownParam: 'payment_method_types',
    withMissing: (s) => s.paymentIntents.create({currency: 'aud'} as Stripe.PaymentIntentCreateParams),
    missingParam: 'amount',
  },
  {
    endpoint: 'GET /v1/payment_intents/:id',
    source: ['PaymentIntents.d.ts', 'PaymentIntentRetrieveParams'],
    withUnknown: (s) => s.paymentIntents.retrieve('pi_gift', stray),
    unknownParam: 'coral_colour',
    withMissing: null,
  },
  {
    endpoint: 'POST /v1/subscriptions',
    source: ['Subscriptions.d.ts', 'SubscriptionCreateParams'],
    withUnknown: (s) =>
      s.subscriptions.create({customer: 'cus_gift', items: [{price_data: {...price, recurring: {interval: 'day', ...stray}}}]}),
    unknownParam: 'items[0][price_data][recurring][coral_colour]',
    withMissing: (s) =>
      s.subscriptions.create({
        customer: 'cus_gift',
        items: [{price_data: {product: 'prod_gift', recurring: {interval: 'day'}} as typeof price}],
      }),
    missingParam: 'items[0][price_data][currency]',
  },
  {
    endpoint: 'GET /v1/subscriptions/:id',
    source: ['Subscriptions.d.ts', 'SubscriptionRetrieveParams'],
    withUnknown: (s) => s.subscriptions.retrieve('sub_gift', stray),
    unknownParam: 'coral_colour',
    withMissing: null,
  },
  {
    endpoint: 'POST /v1/subscriptions/:id',
    source: ['Subscriptions.d.ts', 'SubscriptionUpdateParams'],
    withUnknown: (s) => s.subscriptions.update('sub_gift', {cancel_at: 1_800_000_000, ...stray}),
    unknownParam: 'coral_colour',
    withMissing: (s) =>
      s.subscriptions.update('sub_gift', {items: [{price_data: {product: 'prod_gift'} as Stripe.SubscriptionUpdateParams.Item.PriceData}]}),
    missingParam: 'items[0][price_data][currency]',
  },
  {
    endpoint: 'POST /v1/checkout/sessions',
    source: ['Checkout/Sessions.d.ts', 'Checkout.SessionCreateParams'],
    withUnknown: (s) => s.checkout.sessions.create({mode: 'payment', ...stray}),
    unknownParam: 'coral_colour',
    withMissing: (s) =>
      s.checkout.sessions.create({mode: 'payment', line_items: [{price_data: {product: 'prod_gift'} as typeof price, quantity: 1}]}),
    missingParam: 'line_items[0][price_data][currency]',
  },
  {
    endpoint: 'GET /v1/checkout/sessions/:id',
    source: ['Checkout/Sessions.d.ts', 'Checkout.SessionRetrieveParams'],
    withUnknown: (s) => s.checkout.sessions.retrieve('cs_test_gift', stray),
    unknownParam: 'coral_colour',
    withMissing: null,
  },
  {
    endpoint: 'POST /v1/billing_portal/sessions',
    source: ['BillingPortal/Sessions.d.ts', 'BillingPortal.SessionCreateParams'],
    withUnknown: (s) => s.billingPortal.sessions.create({customer: 'cus_gift', ...stray}),
    unknownParam: 'coral_colour',
    withMissing: (s) =>
      s.billingPortal.sessions.create({
        customer: 'cus_gift',
        flow_data: {after_completion: {type: 'portal_homepage'}} as Stripe.BillingPortal.SessionCreateParams.FlowData,
      }),
    missingParam: 'flow_data[type]',
  },
  {
    endpoint: 'GET /v1/invoice_payments',
    source: ['InvoicePayments.d.ts', 'InvoicePaymentListParams'],
    withUnknown: (s) => s.invoicePayments.list({invoice: 'in_gift', ...stray}),
    unknownParam: 'coral_colour',
    withMissing: (s) => s.invoicePayments.list({payment: {payment_intent: 'pi_gift'} as Stripe.InvoicePaymentListParams.Payment}),
    missingParam: 'payment[type]',
  },
  {
    endpoint: 'GET /v1/account',
    source: ['Accounts.d.ts', 'AccountRetrieveCurrentParams'],
    withUnknown: (s) => s.accounts.retrieveCurrent(stray),
    unknownParam: 'coral_colour',
    withMissing: null,
  },
  {
    endpoint: 'GET /v1/webhook_endpoints',
    source: ['WebhookEndpoints.d.ts', 'WebhookEndpointListParams'],
    withUnknown: (s) => s.webhookEndpoints.list({limit: 100, ...stray}),
    unknownParam: 'coral_colour',
    withMissing: null,
  },
  {
    endpoint: 'GET /v1/payment_method_domains',
    source: ['PaymentMethodDomains.d.ts', 'PaymentMethodDomainListParams'],
    withUnknown: (s) => s.paymentMethodDomains.list({limit: 100, ...stray}),
    unknownParam: 'coral_colour',
    withMissing: null,
  },
];

describe('the stand-in’s parameters, from the SDK’s types', () => {
  it.each(CASES)('$endpoint refuses an unknown parameter, as Stripe words it', async ({withUnknown, unknownParam}) => {
    await expect(withUnknown(stripe)).rejects.toMatchObject(unknown(unknownParam));
  });

  it.each(CASES)('$endpoint refuses a missing required parameter, or requires none', async ({source, withMissing, missingParam}) => {
    const required = [...paramsOf(source).fields].filter(([, field]) => field.required).map(([name]) => name);
    if (withMissing === null) {
      // Nothing at the top, and nothing nested the endpoint could be sent: only the unknown check applies.
      expect(required).toEqual([]);
      return;
    }
    await expect(withMissing(stripe)).rejects.toMatchObject(missing(missingParam!));
  });

  it('reads required parameters as the types mark them, nested ones too', () => {
    const intent = paramsOf(['PaymentIntents.d.ts', 'PaymentIntentCreateParams']);
    expect([...intent.fields].filter(([, field]) => field.required).map(([name]) => name)).toEqual(['amount', 'currency']);
    expect(intent.fields.has('payment_method_types')).toBe(false);
    expect(intent.fields.has('allowed_payment_method_types')).toBe(true);
    expect(paramProblem(intent, {amount: '500', currency: 'aud', metadata: {anything: 'goes'}})).toBeNull();
    expect(paramProblem(intent, {amount: '500', currency: 'aud', shipping: {name: 'Ada'}})).toEqual({
      kind: 'missing',
      param: 'shipping[address]',
    });
  });
});
