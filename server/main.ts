/** `npm run server`, and `node server/dist/main.mjs` in production: the endpoint on Node, configured from the environment (server/README.md). */
import script from 'virtual:coral-results-script';
import {startLine, startNodeEndpoint, warnUnknownSettings} from './node';

warnUnknownSettings(process.env, 'coral endpoint');

const started = await startNodeEndpoint(process.env, {resultsScript: async () => script});
if (!started.ok) {
  console.error(started.message);
  process.exit(1);
}
const {env, port, stop} = started;

// A deploy's SIGTERM: take no new connections, answer the requests on open ones, then close the database. Heard
// before the line below is printed, so a signal sent as soon as it is read is not missed.
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

console.log(startLine(env, port));
