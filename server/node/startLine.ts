/**
 * The line the endpoint prints once it listens: where, what it takes and serves, and where its records are, so whoever
 * starts it reads at once whether gifts, signatures, published forms and results are on.
 */
import type {EndpointEnv} from '../doorway';

export function startLine(env: Pick<EndpointEnv, 'stripe' | 'adminToken' | 'basePath' | 'databaseUrl' | 'dataDir'>, port: number): string {
  const mode = env.stripe?.secretKey.includes('_live_') ? 'LIVE' : 'test';
  const takes = env.stripe
    ? `takes gifts (Stripe ${mode} mode) and signatures`
    : 'takes signatures, and no gifts (STRIPE_SECRET_KEY is not set)';
  const forms = env.adminToken
    ? 'serves published forms, publishes new ones and shows their results (CORAL_ADMIN_TOKEN is set)'
    : 'serves published forms, and publishes none and shows no results (CORAL_ADMIN_TOKEN is not set)';
  const records = env.databaseUrl ? 'records in the Postgres server at DATABASE_URL' : `records in ${env.dataDir}`;
  return `coral endpoint: listening on http://localhost:${port}${env.basePath}; ${takes}; ${forms}; ${records}`;
}
