/**
 * The fetch-style hosts: a Cloudflare Worker's default export, with its Cron Trigger, and `handlerFromEnv` for Vercel
 * and Netlify functions.
 */
export {default, handlerFromEnv, type WorkerEnv} from './worker';
