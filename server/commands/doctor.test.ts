/** `npm run doctor` against the Stripe stand-in, told what the account has: one line per miss, `ok` when none. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import Stripe from 'stripe';
import {runDoctor} from './doctor';
import {GUARD_SECRET, WEBHOOK_SECRET} from '../testing/fixtures';
import {STAND_IN_SECRET_KEY, startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';
import {WEBHOOK_API_VERSION, WEBHOOK_EVENTS} from '../gifts';
import {startSmtpReceiver} from '../testing/smtpServer';

const PUBLIC_URL = 'https://coral.example.org';
const WEBHOOK_URL = `${PUBLIC_URL}/webhooks/stripe`;

let stripe: StripeStandIn;
beforeEach(async () => {
  stripe = await startStripeStandIn();
});
afterEach(() => stripe.close());

const gateway = {type: 'stripe', publishableKey: 'pk_test_standin0000', endpoint: PUBLIC_URL};

function vars(change: Record<string, string | undefined> = {}, {directDebit = true, wallets = true} = {}) {
  const campaigns = {
    donateForms: [
      {campaign: 'save-the-reef', frequencies: ['one-off', 'monthly'], directDebit, gateway: {...gateway, wallets}},
      {campaign: 'ban-deep-sea-mining', frequencies: ['one-off'], gateway: {...gateway, wallets}},
    ],
  };
  return {
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    CORAL_GUARD_SECRET: GUARD_SECRET,
    STRIPE_API_URL: stripe.url,
    CORAL_PUBLIC_URL: PUBLIC_URL,
    CORAL_ALLOWED_ORIGINS: 'https://www.example.org,https://give.example.org,http://localhost:3000',
    CORAL_CAMPAIGNS: JSON.stringify(campaigns),
    ...change,
  };
}

/** An account set up as the README says: the webhook endpoint, BECS Direct Debit, and both pages' domains. */
function setUpAccount(webhook: Partial<{url: string; enabled_events: string[]; api_version: string}> = {}) {
  stripe.account.addWebhookEndpoint({url: WEBHOOK_URL, enabled_events: [...WEBHOOK_EVENTS], api_version: WEBHOOK_API_VERSION, ...webhook});
  stripe.account.capabilities.au_becs_debit_payments = 'active';
  stripe.account.addDomain('www.example.org');
  stripe.account.addDomain('give.example.org');
}

describe('npm run doctor', () => {
  it('says ok, and only that, when the account has all the endpoint needs', async () => {
    setUpAccount();
    expect(await runDoctor(vars())).toEqual({ok: true, lines: ['ok']});
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/webhook_endpoints',
      'GET /v1/account',
      'GET /v1/payment_method_domains',
    ]);
  });

  it('names each miss of a new account in a line of its own, saying how to fix it', async () => {
    const {ok, lines} = await runDoctor(vars());
    expect(ok).toBe(false);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      new RegExp(`^webhook: no webhook endpoint at ${WEBHOOK_URL}: add one .* with API version ${WEBHOOK_API_VERSION}`),
    );
    for (const type of WEBHOOK_EVENTS) expect(lines[0]).toContain(type);
    expect(lines[0]).toContain('STRIPE_WEBHOOK_SECRET');
    expect(lines[1]).toMatch(
      /^direct debit: BECS Direct Debit is not requested on this Stripe account, and save-the-reef offers direct debit: turn on/,
    );
    expect(lines.slice(2)).toEqual([
      expect.stringMatching(/^wallets: www\.example\.org is not a payment method domain.*: add it in Settings → Payment method domains/),
      expect.stringMatching(/^wallets: give\.example\.org is not a payment method domain/),
    ]);
  });

  it('finds the endpoint among many, and names its wrong version, its missing events and its status', async () => {
    setUpAccount({api_version: '2025-03-31.basil', enabled_events: WEBHOOK_EVENTS.filter((type) => !type.startsWith('charge.dispute'))});
    stripe.account.webhookEndpoints[0]!.status = 'disabled';
    // Newer endpoints elsewhere, more than one page of them: the list is read to its end.
    for (let i = 0; i < 120; i += 1)
      stripe.account.addWebhookEndpoint({
        url: `https://other${i}.example.org/hook`,
        enabled_events: ['*'],
        api_version: WEBHOOK_API_VERSION,
      });
    const {ok, lines} = await runDoctor(vars());
    expect(ok).toBe(false);
    const id = String(stripe.account.webhookEndpoints[0]!.id);
    expect(lines).toEqual([
      `webhook: the endpoint ${id} at ${WEBHOOK_URL} is disabled: enable it in Developers → Webhooks in Stripe’s Dashboard`,
      expect.stringMatching(
        new RegExp(
          `^webhook: the endpoint ${id} at .* sends events in API version 2025-03-31\\.basil, and this endpoint reads ${WEBHOOK_API_VERSION}: .*add a new one`,
        ),
      ),
      `webhook: the endpoint ${id} at ${WEBHOOK_URL} does not listen to charge.dispute.created, charge.dispute.closed: add them to it in Developers → Webhooks in Stripe’s Dashboard`,
    ]);
  });

  it('takes an endpoint listening to every event, at the base path', async () => {
    setUpAccount({url: `${PUBLIC_URL}/api/coral/webhooks/stripe`, enabled_events: ['*']});
    expect(await runDoctor(vars({CORAL_BASE_PATH: '/api/coral'}))).toEqual({ok: true, lines: ['ok']});
    expect((await runDoctor(vars())).lines).toEqual([
      expect.stringMatching(/^webhook: no webhook endpoint at https:\/\/coral\.example\.org\/webhooks\/stripe:/),
    ]);
  });

  it('asks for BECS Direct Debit only while a campaign offers direct debit', async () => {
    setUpAccount();
    stripe.account.capabilities.au_becs_debit_payments = 'pending';
    expect((await runDoctor(vars())).lines).toEqual([
      expect.stringMatching(/^direct debit: BECS Direct Debit is pending on this Stripe account/),
    ]);
    expect(await runDoctor(vars({}, {directDebit: false}))).toEqual({ok: true, lines: ['ok']});
  });

  it('asks for wallet domains only while a form offers wallets, and names a disabled one', async () => {
    setUpAccount();
    stripe.account.domains[1]!.enabled = false;
    expect((await runDoctor(vars())).lines).toEqual([
      'wallets: the payment method domain give.example.org is disabled: enable it in Settings → Payment method domains in Stripe’s Dashboard',
    ]);
    stripe.requests.length = 0;
    expect(await runDoctor(vars({}, {wallets: false}))).toEqual({ok: true, lines: ['ok']});
    expect(stripe.requests.map((r) => r.path)).not.toContain('/v1/payment_method_domains');
  });

  it('stops at a setting it cannot use, and at an account it cannot read, with one line', async () => {
    setUpAccount();
    expect(await runDoctor(vars({CORAL_PUBLIC_URL: undefined}))).toEqual({
      ok: false,
      lines: [expect.stringMatching(/^coral doctor: CORAL_PUBLIC_URL is not set/)],
    });
    expect((await runDoctor(vars({CORAL_PUBLIC_URL: 'http://coral.example.org/hooks'}))).lines).toEqual([
      expect.stringMatching(/^coral doctor: CORAL_PUBLIC_URL: "http:\/\/coral\.example\.org\/hooks" is not an https:\/\/ origin/),
    ]);
    expect((await runDoctor(vars({STRIPE_SECRET_KEY: undefined}))).lines).toEqual([expect.stringMatching(/STRIPE_SECRET_KEY is not set/)]);
    const stranger = await runDoctor(vars({STRIPE_SECRET_KEY: 'rk_test_standin_restricted'}));
    expect(stranger).toEqual({
      ok: false,
      lines: [expect.stringMatching(/^coral doctor: could not read the Stripe account \(Stripe answered /)],
    });
    expect(Stripe.API_VERSION).toBe(WEBHOOK_API_VERSION);
  });
});

describe('the relay, when receipts are mailed', () => {
  const PASSWORD = 'relay-password-for-tests-only';
  const petitions = JSON.stringify({powerforms: [{campaign: 'ban-deep-sea-mining'}]});
  const mailVars = (url: string) => ({
    CORAL_ALLOWED_ORIGINS: 'https://www.example.org',
    CORAL_CAMPAIGNS: petitions,
    CORAL_SMTP_URL: url,
    CORAL_MAIL_FROM: 'Reef Action Fund <receipts@reefaction.org.au>',
    CORAL_RECEIPTS: JSON.stringify({legalName: 'Reef Action Fund Ltd', number: 'ABN 51 824 753 556'}),
  });

  it('connects, greets and signs in, sending nothing, and says ok', async () => {
    const relay = await startSmtpReceiver({user: 'coral', password: PASSWORD});
    try {
      expect(await runDoctor(mailVars(relay.url))).toEqual({ok: true, lines: ['ok']});
      expect(relay.messages).toEqual([]);
    } finally {
      await relay.close();
    }
  });

  it('names a relay that refuses the sign-in, or does not answer, never writing its password', async () => {
    const relay = await startSmtpReceiver({user: 'coral', password: PASSWORD});
    const wrong = relay.url.replace(PASSWORD, 'not-the-password');
    const refused = await runDoctor(mailVars(wrong));
    expect(refused).toEqual({
      ok: false,
      lines: [`mail: the relay at smtp://127.0.0.1:${relay.port} refused the user name and password in CORAL_SMTP_URL`],
    });
    await relay.close();
    const down = await runDoctor(mailVars(relay.url));
    expect(down.ok).toBe(false);
    expect(down.lines).toEqual([
      expect.stringMatching(new RegExp(`^mail: the relay at smtp://127\\.0\\.0\\.1:${relay.port} could not be reached`)),
    ]);
    expect(JSON.stringify([refused, down])).not.toContain(PASSWORD);
  });

  it('checks the relay beside the Stripe account', async () => {
    const relay = await startSmtpReceiver();
    try {
      const result = await runDoctor({...vars(), ...mailVars(relay.url), CORAL_CAMPAIGNS: vars().CORAL_CAMPAIGNS});
      expect(result.lines).not.toContainEqual(expect.stringMatching(/^mail:/));
      await relay.close();
      const down = await runDoctor({...vars(), ...mailVars(relay.url), CORAL_CAMPAIGNS: vars().CORAL_CAMPAIGNS});
      expect(down.lines.at(-1)).toMatch(/^mail: the relay at .* could not be reached/);
    } finally {
      await relay.close();
    }
  });
});
