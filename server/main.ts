/** `npm run server`: the endpoint on Node, configured from the environment (server/README.md). */
import {startNodeEndpoint} from './node';

void startNodeEndpoint(process.env).then((started) => {
  if (!started.ok) {
    console.error(started.message);
    process.exit(1);
  }
  const mode = process.env.STRIPE_SECRET_KEY?.includes('_live_') ? 'LIVE' : 'test';
  console.log(
    `coral endpoint: listening on http://localhost:${started.port} (POST /gifts, /gifts/upgrade, /webhooks/stripe), Stripe ${mode} mode`,
  );
});
