import {describe, expect, it} from 'vitest';
import {startLine} from './startLine';

const BASE = {stripe: null, adminToken: null, basePath: '', databaseUrl: null, dataDir: '/srv/coral/.coral-data'};
// Made-up keys of the right shape only: nothing here reaches Stripe.
const stripe = (secretKey: string) => ({secretKey, webhookSecret: 'whsec_forTheStartLineTestOnly', api: {}});

describe('the start line', () => {
  it('says an endpoint without Stripe’s keys takes no gifts, and one without the admin token publishes nothing', () => {
    expect(startLine(BASE, 8787)).toBe(
      'coral endpoint: listening on http://localhost:8787; takes signatures, and no gifts (STRIPE_SECRET_KEY is not set); serves published forms, and publishes none and shows no results (CORAL_ADMIN_TOKEN is not set); records in /srv/coral/.coral-data',
    );
  });

  it('says what an endpoint with everything set takes and serves, in which Stripe mode, under its base path', () => {
    const env = {
      ...BASE,
      stripe: stripe('sk_live_forTheStartLineTestOnly'),
      adminToken: 'x',
      basePath: '/api/coral',
      databaseUrl: 'postgres://db',
    };
    expect(startLine(env, 3000)).toBe(
      'coral endpoint: listening on http://localhost:3000/api/coral; takes gifts (Stripe LIVE mode) and signatures; serves published forms, publishes new ones and shows their results (CORAL_ADMIN_TOKEN is set); records in the Postgres server at DATABASE_URL',
    );
    expect(startLine({...env, stripe: stripe('sk_test_forTheStartLineTestOnly')}, 3000)).toContain('takes gifts (Stripe test mode)');
  });
});
