/** `npm run doctor`: checks the Stripe account against what the endpoint needs, one line per miss, `ok` when none (exit code 0 only then). */
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {runDoctor} from './doctor';

// npm runs this in server/; a relative CORAL_CAMPAIGNS path means one from where the operator ran npm.
const from = process.env.INIT_CWD ?? process.cwd();
const {ok, lines} = await runDoctor(process.env, (path) => readFileSync(resolve(from, path), 'utf8'));
for (const line of lines) (ok ? console.log : console.error)(line);
process.exit(ok ? 0 : 1);
