/** The Cloudflare Worker's entry (wrangler.example.toml, built to dist/worker.mjs): the endpoint on fetch-style hosts. */
export {default, handlerFromEnv, type WorkerEnv} from './workers';
