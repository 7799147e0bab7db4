/** `npm run server`, and `node server/dist/main.mjs` in production: the endpoint on Node, configured from the environment (server/README.md). */
import {startNodeEndpoint} from './node';

const started = await startNodeEndpoint(process.env);
if (!started.ok) {
  console.error(started.message);
  process.exit(1);
}
const {env, port, stop} = started;
const mode = env.stripe ? `Stripe ${env.stripe.secretKey.includes('_live_') ? 'LIVE' : 'test'} mode` : 'signatures only (no Stripe keys)';
const records = env.databaseUrl ? 'records in the Postgres server at DATABASE_URL' : `records in ${env.dataDir}`;
console.log(`coral endpoint: listening on http://localhost:${port}, ${mode}, ${records}`);

// A deploy's SIGTERM: take no new requests, finish the ones in flight, then close the database.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
