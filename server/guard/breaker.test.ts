/** The decline breaker: when many recent payments were declined, every gift needs the bot check until declines fall back. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createPgStore} from '../records';
import {memoryLogger} from '../http';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {deliver, makeHandler, NOW_MS} from '../testing/fixtures';
import {guardWith, sendFrom, smallestGift} from '../testing/guard';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';
import {startTurnstileStandIn, TURNSTILE_TEST_SECRET, type TurnstileStandIn} from '../testing/turnstileStandIn';

const SETTINGS = guardWith({
  breakerMinPayments: 4,
  breakerPercent: 50,
  breakerWindowSeconds: 600,
  botCheck: {secret: TURNSTILE_TEST_SECRET, when: 'breaker'},
});

describe.each(DATABASES)('the decline breaker on $name', ({create}) => {
  let test: TestDatabase;
  let stripe: StripeStandIn;
  let turnstile: TurnstileStandIn;
  beforeEach(async () => {
    [test, stripe, turnstile] = await Promise.all([create(), startStripeStandIn(), startTurnstileStandIn()]);
  });
  afterEach(() => Promise.all([test.drop(), stripe.close(), turnstile.close()]));

  it('opens past its share of declines, asks every gift for the bot check, and closes once they age out, saying so once each time', async () => {
    let now = NOW_MS;
    const lines = memoryLogger();
    // Two instances on one database, logging to one place: each change is said once, by the instance that made it.
    const [first, second] = [0, 1].map(
      () =>
        makeHandler(stripe, {
          store: createPgStore(test.db),
          now: () => now,
          guard: SETTINGS,
          logger: lines,
          siteverify: {url: turnstile.url},
        }).handler,
    );
    let n = 0;
    const give = (handler = first!, change: Record<string, unknown> = {}) =>
      sendFrom(handler, `192.0.2.${(n += 1)}`, smallestGift(n, change));
    const pay = async (paymentMethod: string) => {
      const {body} = await give();
      for (const event of stripe.confirm(String(body.clientSecret), paymentMethod)) await deliver(second!, event);
    };

    await pay('pm_card_visa');
    await pay('pm_card_chargeDeclined');
    // Half declined, but too few payments to judge by.
    expect((await give()).status).toBe(200);
    await pay('pm_card_chargeDeclined');
    await pay('pm_card_visa');
    // Four payments, two declined: the share is reached.
    const [refused, alsoRefused] = await Promise.all([give(first), give(second)]);
    expect(refused).toMatchObject({status: 403, body: {status: 'rejected', reason: 'bot-check'}});
    expect(alsoRefused.status).toBe(403);
    expect((await give(second, {botCheck: turnstile.issue()})).status).toBe(200);

    now += 601_000;
    expect((await give()).status).toBe(200);
    const warned = lines.lines.filter((line) => line.level === 'warn');
    expect(warned.map((line) => line.msg)).toEqual([
      'card-testing breaker open: many recent payments were declined; every gift now needs the bot check',
      'card-testing breaker closed: declines are back below the threshold',
    ]);
    expect(warned[0]).toMatchObject({breaker: 'open', paid: 2, failed: 2});
  });

  it.each([
    [
      'without a bot check, says how to turn it on, and lets gifts through under the rate limits',
      null,
      200,
      'set CORAL_TURNSTILE_SECRET to require a bot check',
    ],
    [
      'with the bot check always on, says so all the same',
      {secret: TURNSTILE_TEST_SECRET, when: 'always' as const},
      403,
      'every gift now needs the bot check',
    ],
  ])('opening %s', async (_, botCheck, status, advice) => {
    const logger = memoryLogger();
    const guard = {...SETTINGS, botCheck};
    const {handler} = makeHandler(stripe, {store: createPgStore(test.db), guard, logger, siteverify: {url: turnstile.url}});
    for (let n = 0; n < 4; n += 1) {
      const {body} = await sendFrom(handler, '192.0.2.1', smallestGift(n, botCheck ? {botCheck: turnstile.issue()} : {}));
      for (const event of stripe.confirm(String(body.clientSecret), 'pm_card_chargeDeclined')) await deliver(handler, event);
    }
    expect((await sendFrom(handler, '192.0.2.1', smallestGift(9))).status).toBe(status);
    expect(logger.lines.filter((line) => line.level === 'warn').map((line) => line.msg)).toEqual([
      `card-testing breaker open: many recent payments were declined; ${advice}`,
    ]);
  });
});
