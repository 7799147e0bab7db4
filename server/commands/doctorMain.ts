/** `npm run doctor`: checks the Stripe account against what the endpoint needs, one line per miss, `ok` when none (exit code 0 only then). */
import {runDoctor} from './doctor';
import {fileReader, repositoryRoot, warnUnknownSettings} from '../node';

warnUnknownSettings(process.env, 'coral doctor');
const {ok, lines} = await runDoctor(process.env, fileReader(repositoryRoot()));
for (const line of lines) (ok ? console.log : console.error)(line);
process.exit(ok ? 0 : 1);
