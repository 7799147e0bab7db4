/**
 * A published form's experiment and events, on every kind of database: an experiment is checked when it is
 * published, a gift is checked against the variant its page showed and kept with it, and events are kept once per
 * visitor with nothing about the person, from allowed origins only, a crawler's not at all.
 */
import {describe, expect, it} from 'vitest';
import {assignVariant, type Experiment, type ResultsAnswer} from '../../src/coral/contract';
import {EVENTS_PER_VARIANT_PER_ADDRESS, EVENTS_PER_VISITOR} from '../guard';
import {DATABASES} from '../testing/databases';
import {giftBody, ORIGIN, post} from '../testing/fixtures';
import {ADMIN_TOKEN, BASE, publishedEndpoint} from '../testing/publishedEndpoint';
import {foldEvents} from './events';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Control asks $35, $60 or $120 from $5; "higher-asks" asks $50, $100 or $200 from $20, and opens on monthly. */
const REEF = {
  component: 'donate-form',
  campaign: 'reef-appeal',
  frequencies: ['one-off', 'monthly'],
  amounts: {'one-off': {handles: [{amount: 35}, {amount: 60}, {amount: 120}], min: 5, max: 500}},
  fields: {postcode: 'optional'},
  experiment: {
    id: 'reef-asks',
    variants: [
      {id: 'control', weight: 1, changes: {}},
      {
        id: 'higher-asks',
        weight: 1,
        changes: {amounts: {'one-off': {handles: [{amount: 50}, {amount: 100}, {amount: 200}], min: 20}}, defaultFrequency: 'monthly'},
      },
    ],
  },
};

const reefGift = (change: Record<string, unknown> = {}) =>
  giftBody({
    campaign: 'reef-appeal',
    supporter: {firstName: 'Mere', lastName: 'Tūhoe', email: 'mere@example.org', consent: true},
    ...change,
  });

/** A visitor's event as a page's beacon sends it: JSON as text/plain. */
const event = (change: Record<string, unknown> = {}) => ({
  form: {id: 'reef', version: 1, variant: 'control'},
  kind: 'view',
  visitor: 'Vb3kQ9xZ1mT0pL7rN2sW4a',
  sinceLoad: 1840,
  source: 'EDM-NOV',
  utm: {utm_source: 'facebook', utm_medium: 'paid_social', utm_campaign: 'reef_nov_2026'},
  ...change,
});

describe.each(DATABASES)('experiments and events, on $name', ({create}) => {
  const endpoint = publishedEndpoint(create);
  const handler = (request: Request, context?: {clientAddress?: string}) => endpoint.handler(request, context);
  /** Publishes, answering what the endpoint says, taken or not. */
  const publish = (id: string, config: unknown) =>
    handler(
      new Request(`${BASE}/forms/${id}`, {
        method: 'PUT',
        headers: {authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json'},
        body: JSON.stringify(config),
      }),
    );
  /** An event as a page's beacon sends it, from `address` (null: a host that gives none). */
  const send = (body: unknown, {origin = ORIGIN, userAgent = CHROME, address = '203.0.113.7' as string | null} = {}) =>
    handler(
      new Request(`${BASE}/events`, {
        method: 'POST',
        headers: {'content-type': 'text/plain;charset=UTF-8', origin, 'user-agent': userAgent},
        body: JSON.stringify(body),
      }),
      address === null ? {} : {clientAddress: address},
    );
  /** How many of `events` are kept (202), sent a few at a time as pages send them. */
  const accepted = async (events: ReadonlyArray<[unknown, string | null]>) => {
    let kept = 0;
    for (let at = 0; at < events.length; at += 20) {
      const answers = await Promise.all(events.slice(at, at + 20).map(([body, address]) => send(body, {address})));
      kept += answers.filter((answer) => answer.status === 202).length;
    }
    return kept;
  };
  const results = async () => {
    const response = await handler(new Request(`${BASE}/results/reef`, {headers: {authorization: `Bearer ${ADMIN_TOKEN}`}}));
    return (await response.json()) as ResultsAnswer;
  };
  const kept = () => endpoint.test.db.query('select form, version, variant, kind, visitor, day::text, source, utm_source from form_events');

  it('refuses an experiment whose variant makes a config the form does not take, or changes what a variant may not', async () => {
    const tooLow = structuredClone(REEF);
    tooLow.experiment.variants[1]!.changes = {amounts: {'one-off': {min: 0}}} as never;
    const refused = await publish('reef', tooLow);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as {problems: string[]}).problems).toEqual([
      expect.stringMatching(/^experiment\.variants\.1 \("higher-asks"\)\.changes → amounts\.one-off\.min: /),
    ]);
    const gateway = structuredClone(REEF);
    gateway.experiment.variants[1]!.changes = {gateway: {type: 'sandbox'}} as never;
    expect(await (await publish('reef', gateway)).json()).toMatchObject({
      problems: [
        'experiment.variants.1 ("higher-asks").changes: a variant may change amounts, defaultFrequency, rgUpgrade, messages; not gateway',
      ],
    });
    const twice = structuredClone(REEF);
    twice.experiment.variants[1]!.id = 'control';
    expect(await (await publish('reef', twice)).json()).toMatchObject({problems: ['experiment.variants: expected each variant’s id once']});
    const thankYou = {component: 'thank-you', campaign: 'reef-appeal', experiment: REEF.experiment};
    expect(await (await publish('thanks', thankYou)).json()).toMatchObject({problems: ['experiment: a thank-you takes no experiment']});
    expect(await (await publish('reef', {...REEF, visitor: 'forever'})).json()).toMatchObject({
      problems: ['visitor: got "forever"; expected "tab" (the default) or "browser"'],
    });
    expect((await publish('reef', {...REEF, visitor: 'browser'})).status).toBe(201);
  });

  it('checks a gift against the variant its page showed, and keeps, exports and tells Stripe that variant', async () => {
    expect((await publish('reef', REEF)).status).toBe(201);
    // $10 is within the control's $5 floor and below the variant's $20.
    const onControl = await post(handler, '/gifts', reefGift({amount: 1000, form: {id: 'reef', version: 1, variant: 'control'}}));
    expect(onControl.body).toMatchObject({status: 'requires_confirmation'});
    const onHigher = await post(handler, '/gifts', reefGift({amount: 1000, form: {id: 'reef', version: 1, variant: 'higher-asks'}}));
    expect(onHigher).toMatchObject({status: 400, body: {reason: 'amount: expected at least $20 for a one-off gift'}});
    const higher = await post(handler, '/gifts', reefGift({amount: 10000, form: {id: 'reef', version: 1, variant: 'higher-asks'}}));
    expect(higher.status).toBe(200);
    expect(await post(handler, '/gifts', reefGift({form: {id: 'reef', version: 1, variant: 'lower-asks'}}))).toMatchObject({
      status: 400,
      body: {reason: 'form: version 1 of form "reef" has no variant "lower-asks"'},
    });
    expect(await endpoint.test.db.query('select amount, form_variant from gifts order by amount')).toEqual([
      {amount: 1000, form_variant: 'control'},
      {amount: 10000, form_variant: 'higher-asks'},
    ]);
    const metadata = endpoint.stripe.requests
      .filter((request) => request.path === '/v1/payment_intents')
      .map((request) => request.params.metadata);
    expect(metadata).toEqual([
      expect.objectContaining({coral_form: 'reef', coral_form_variant: 'control'}),
      expect.objectContaining({coral_form: 'reef', coral_form_variant: 'higher-asks'}),
    ]);
  });

  it('keeps an event once per visitor and kind, with no more than the form, the variant, the day and the source', async () => {
    await publish('reef', REEF);
    for (const kind of ['view', 'view', 'start', 'view']) expect((await send(event({kind}))).status).toBe(202);
    expect((await send(event({visitor: 'a7Kq2Lm9Xp4Rt8Zs1Nv6Bw', form: {id: 'reef', version: 1, variant: 'higher-asks'}}))).status).toBe(
      202,
    );
    expect(await kept()).toEqual(
      expect.arrayContaining([
        {
          form: 'reef',
          version: 1,
          variant: 'control',
          kind: 'view',
          visitor: 'Vb3kQ9xZ1mT0pL7rN2sW4a',
          day: '2026-01-01',
          source: 'EDM-NOV',
          utm_source: 'facebook',
        },
        expect.objectContaining({variant: 'control', kind: 'start'}),
        expect.objectContaining({variant: 'higher-asks', kind: 'view'}),
      ]),
    );
    expect(await kept()).toHaveLength(3);
  });

  it('refuses an event with anything about the person, for a variant there is not, or from an origin not allowed', async () => {
    await publish('reef', REEF);
    const withEmail = await send({...event(), email: 'mere@example.org'});
    expect(withEmail.status).toBe(400);
    expect(JSON.stringify(await withEmail.json())).not.toContain('mere@example.org');
    expect((await send(event({visitor: 'mere@example.org'}))).status).toBe(400);
    expect((await send(event({sinceLoad: undefined}))).status).toBe(400);
    expect((await send(event({form: {id: 'reef', version: 1, variant: 'lower-asks'}}))).status).toBe(404);
    expect((await send(event({form: {id: 'reef', version: 1}}))).status).toBe(404);
    expect((await send(event({form: {id: 'reef', version: 2, variant: 'control'}}))).status).toBe(404);
    expect((await send(event(), {origin: 'https://evil.example'})).status).toBe(403);
    const preflight = await handler(new Request(`${BASE}/events`, {method: 'OPTIONS', headers: {origin: ORIGIN}}));
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(await kept()).toEqual([]);
  });

  it('answers a crawler as if its event were kept, and keeps nothing of it', async () => {
    await publish('reef', REEF);
    const crawlers = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome-Lighthouse',
      // Node's own fetch, Deno's and Bun's, and the HTTP tools people try a route with.
      'node',
      'Deno/2.1.4',
      'Bun/1.1.38',
      'PostmanRuntime/7.43.0',
      'HTTPie/3.2.4',
      '',
    ];
    for (const userAgent of crawlers) expect((await send(event(), {userAgent})).status).toBe(202);
    expect(await kept()).toEqual([]);
    // A person's phone, for contrast.
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    expect((await send(event(), {userAgent: iphone})).status).toBe(202);
    expect(await kept()).toHaveLength(1);
  });

  it('limits the events one visitor id sends in a window, and not another visitor’s on the same address', async () => {
    await publish('reef', REEF);
    // A page reloaded again and again: its events are kept once, and counted each time.
    const reloads = Array.from({length: EVENTS_PER_VISITOR}, (): [unknown, string] => [event(), '203.0.113.7']);
    expect(await accepted(reloads)).toBe(EVENTS_PER_VISITOR);
    const over = await send(event());
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({reason: 'rate-limited', retryAfter: expect.any(Number)});
    expect((await send(event({visitor: 'a7Kq2Lm9Xp4Rt8Zs1Nv6Bw'}))).status).toBe(202);
    expect(await kept()).toHaveLength(2);
  });

  it(
    `moves a variant by no more than ${EVENTS_PER_VARIANT_PER_ADDRESS} visitors for one address’s flood, and the split stays sound`,
    {timeout: 300_000},
    async () => {
      await publish('reef', REEF);
      const experiment = REEF.experiment as Experiment;
      // Visitors from a thousand households, each shown the variant its id gives it: as many of each.
      const shown: Record<string, string[]> = {control: [], 'higher-asks': []};
      for (let i = 0; shown.control!.length < 500 || shown['higher-asks']!.length < 500; i += 1) {
        const visitor = `visitor-${String(i).padStart(10, '0')}`;
        const list = shown[assignVariant(experiment, visitor)]!;
        if (list.length < 500) list.push(visitor);
      }
      const honest = Object.entries(shown).flatMap(([variant, ids]) =>
        ids.map((visitor, i): [unknown, string] => [
          event({visitor, form: {id: 'reef', version: 1, variant}}),
          `10.${variant === 'control' ? 1 : 2}.${i >> 8}.${i & 255}`,
        ]),
      );
      expect(await accepted(honest)).toBe(1000);
      // One client: 700 views, each with a new visitor id, all naming the variant it wants to win.
      const flood = Array.from({length: 700}, (_, i): [unknown, string] => [
        event({visitor: `flood-${String(i).padStart(12, '0')}`, form: {id: 'reef', version: 1, variant: 'higher-asks'}}),
        '198.51.100.66',
      ]);
      expect(await accepted(flood)).toBe(EVENTS_PER_VARIANT_PER_ADDRESS);
      const [version] = (await results()).versions;
      expect(version!.variants.map(({variant, visitors}) => ({variant, visitors}))).toEqual([
        {variant: 'control', visitors: 500},
        {variant: 'higher-asks', visitors: 500 + EVENTS_PER_VARIANT_PER_ADDRESS},
      ]);
      expect(version!.srm).toMatchObject({broken: false});
    },
  );

  it('holds a visitor id where the host gives no client address, and no share per address', async () => {
    await publish('reef', REEF);
    const reloads = Array.from({length: EVENTS_PER_VISITOR}, (): [unknown, null] => [event(), null]);
    expect(await accepted(reloads)).toBe(EVENTS_PER_VISITOR);
    expect((await send(event(), {address: null})).status).toBe(429);
    // With no address to count them by, new visitor ids pass an address's share, up to the variant's minute.
    const fresh = Array.from({length: EVENTS_PER_VARIANT_PER_ADDRESS + 20}, (_, i): [unknown, null] => [
      event({visitor: `nohost-${String(i).padStart(12, '0')}`}),
      null,
    ]);
    expect(await accepted(fresh)).toBe(EVENTS_PER_VARIANT_PER_ADDRESS + 20);
  });

  it('keeps an event without a source or utm value that is not a machine’s, and keeps every machine’s', async () => {
    await publish('reef', REEF);
    const personal = event({
      source: '0412 345 678',
      utm: {utm_source: '+61412345678', utm_medium: '12 Smith St', utm_campaign: '4242 4242 4242 4242', utm_content: 'Unit 4'},
    });
    expect((await send(personal)).status).toBe(202);
    const machine = event({
      visitor: 'a7Kq2Lm9Xp4Rt8Zs1Nv6Bw',
      source: 'REEF-2026',
      utm: {utm_source: 'fb_ads|123', utm_medium: 'paid_social', utm_campaign: 'reef-2026', utm_content: 'video A'},
    });
    expect((await send(machine)).status).toBe(202);
    const values = 'source, utm_source, utm_medium, utm_campaign';
    expect(await endpoint.test.db.query(`select visitor, ${values} from form_events order by visitor`)).toEqual([
      {visitor: 'Vb3kQ9xZ1mT0pL7rN2sW4a', source: '', utm_source: '', utm_medium: '', utm_campaign: ''},
      {
        visitor: 'a7Kq2Lm9Xp4Rt8Zs1Nv6Bw',
        source: 'REEF-2026',
        utm_source: 'fb_ads|123',
        utm_medium: 'paid_social',
        utm_campaign: 'reef-2026',
      },
    ]);
    expect(await endpoint.test.db.query(`select ${values}, visitors from form_event_days order by source`)).toEqual([
      {source: '', utm_source: '', utm_medium: '', utm_campaign: '', visitors: 1},
      {source: 'REEF-2026', utm_source: 'fb_ads|123', utm_medium: 'paid_social', utm_campaign: 'reef-2026', visitors: 1},
    ]);
    expect(JSON.stringify((await results()).sources)).not.toMatch(/345|4242|Smith/);
  });

  it('counts each visitor’s event by day as it is kept, once however often the page sends it', async () => {
    await publish('reef', REEF);
    await send(event());
    await send(event());
    await send(event({visitor: 'a7Kq2Lm9Xp4Rt8Zs1Nv6Bw'}));
    await send(event({kind: 'start'}));
    // Before any fold: the results read these counts, not the visitors' rows.
    expect(await endpoint.test.db.query('select kind, day::text, source, utm_source, visitors from form_event_days order by kind')).toEqual(
      [
        {kind: 'start', day: '2026-01-01', source: 'EDM-NOV', utm_source: 'facebook', visitors: 1},
        {kind: 'view', day: '2026-01-01', source: 'EDM-NOV', utm_source: 'facebook', visitors: 2},
      ],
    );
    expect(await kept()).toHaveLength(3);
  });

  it('folds visitors’ rows past what the results need into daily counts, keeping no visitor id', async () => {
    await publish('reef', REEF);
    await send(event());
    await send(event({visitor: 'a7Kq2Lm9Xp4Rt8Zs1Nv6Bw'}));
    await foldEvents(endpoint.test.db, '2026-01-02');
    expect(await kept()).toEqual([]);
    expect(await endpoint.test.db.query('select variant, kind, day::text, source, visitors from form_event_days')).toEqual([
      {variant: 'control', kind: 'view', day: '2026-01-01', source: 'EDM-NOV', visitors: 2},
    ]);
  });
});
