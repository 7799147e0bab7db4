/**
 * `npm run records -- <email>`, `npm run forget -- <email>` and `npm run correct -- <email> --phone …`: a
 * supporter's rights from the command line, run with the endpoint's own environment. On the embedded database the
 * endpoint must be stopped first (one process holds its folder); on a Postgres server, any time.
 */
import {parseArgs, type ParseArgsConfig} from 'node:util';
import {SUPPORTER_FIELDS, type SupporterField} from '../../src/coral/contract/library';
import {openMigrated, makeStripe, readNodeEnv, warnUnknownSettings} from '../node';
import {correctSupporter, emailKeyOf, forgetSupporter, type SupporterDeps, heldFor, isEmail} from '../supporters';

const ACTIONS = ['records', 'forget', 'correct'] as const;
/** A field's option: firstName is --first-name. */
const optionOf = (field: SupporterField) => field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const USAGE = [
  'usage: npm run records -- <email>',
  '       npm run forget -- <email> [--cancel-subscriptions]',
  `       npm run correct -- <email> ${SUPPORTER_FIELDS.map((field) => `[--${optionOf(field)} <value>]`).join(' ')}`,
].join('\n');

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

const [action, ...rest] = process.argv.slice(2);
const by = `coral ${action ?? 'records'}`;
if (!ACTIONS.includes(action as (typeof ACTIONS)[number])) stop(USAGE);
const fieldOptions: ParseArgsConfig['options'] = Object.fromEntries(SUPPORTER_FIELDS.map((field) => [optionOf(field), {type: 'string'}]));
let args: {values: Record<string, unknown>; positionals: string[]};
try {
  args = parseArgs({
    args: rest,
    allowPositionals: true,
    options: action === 'forget' ? {'cancel-subscriptions': {type: 'boolean'}} : action === 'correct' ? fieldOptions : {},
  });
} catch (error) {
  stop(`${by}: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
const [email, ...extra] = args.positionals;
if (email === undefined || extra.length > 0) stop(USAGE);
if (!isEmail(email)) stop(`${by}: "${email}" is not an email address like ada@example.org`);

warnUnknownSettings(process.env, by);
const read = readNodeEnv(process.env);
if (!read.ok) stop(read.message.replace(/^coral endpoint:/, `${by}:`));
const {env} = read;
let opened: Awaited<ReturnType<typeof openMigrated>>;
try {
  opened = await openMigrated({databaseUrl: env.databaseUrl, dataDir: env.dataDir, by});
} catch (error) {
  stop(`${by}: ${error instanceof Error ? error.message : String(error)}`);
}
const deps: SupporterDeps = {
  db: opened.db,
  stripe: makeStripe(env),
  guardSecret: env.guard.secret,
  outbox: env.forward !== null,
  now: Date.now,
};
try {
  if (action === 'records') {
    console.log(JSON.stringify(await heldFor(deps.db, email, await emailKeyOf(deps.guardSecret, email)), null, 2));
  } else if (action === 'forget') {
    const report = await forgetSupporter(deps, email, {cancelSubscriptions: args.values['cancel-subscriptions'] === true, by: 'command'});
    for (const line of report.lines) console.log(line);
  } else {
    const changes = Object.fromEntries(
      SUPPORTER_FIELDS.flatMap((field) => {
        const value = args.values[optionOf(field)];
        return typeof value === 'string' ? [[field, value]] : [];
      }),
    );
    const corrected = await correctSupporter(deps, email, changes, {by: 'command'});
    if (corrected.ok) for (const line of corrected.value.lines) console.log(line);
    else {
      console.error(`${by}: ${corrected.reason}`);
      process.exitCode = 1;
    }
  }
} catch (error) {
  console.error(`${by}: ${error instanceof Error ? error.message : String(error)}: nothing was changed`);
  process.exitCode = 1;
} finally {
  await opened.db.close();
}
