/**
 * `npm run forms -- publish <file.json>`, `list`, `show <id>`, `withdraw <id>` and `import`: the forms published on the endpoint, from
 * the command line, on the database the endpoint uses. On the embedded database the endpoint must be stopped first
 * (one process holds its folder); on a Postgres server, any time.
 */
import {readFileSync} from 'node:fs';
import {basename} from 'node:path';
import {parseArgs} from 'node:util';
import {encodePublishedBy, FORM_ID, FORM_ID_RULE} from '../../src/coral/contract';
import {openMigrated, fileReader, readNodeEnv, readNodeRecords, repositoryRoot, warnUnknownSettings} from '../node';
import {
  checkForm,
  publishedBy,
  campaignForms,
  importForms,
  listForms,
  publishForm,
  readForm,
  refusal,
  giftlessForm,
  unlistedForm,
  withdrawForm,
} from '../forms';
import {publishedPlan} from '../results';

const ACTIONS = ['publish', 'list', 'show', 'withdraw', 'import'] as const;
type Action = (typeof ACTIONS)[number];

const USAGE = [
  'usage: npm run forms -- publish <file.json> [--id <form>] [--by <name>] [--endpoint <url>]',
  '       npm run forms -- list',
  '       npm run forms -- show <form> [--version <n>]',
  '       npm run forms -- withdraw <form> [--version <n>] [--by <name>]',
  '       npm run forms -- import [--by <name>]',
].join('\n');

const by = 'coral forms';

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

const [action, ...rest] = process.argv.slice(2);
if (!ACTIONS.includes(action as Action)) stop(USAGE);
const POSITIONALS: Record<Action, number> = {publish: 1, list: 0, show: 1, withdraw: 1, import: 0};
let args: {values: {by?: string; id?: string; version?: string; endpoint?: string}; positionals: string[]};
try {
  args = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {by: {type: 'string'}, id: {type: 'string'}, version: {type: 'string'}, endpoint: {type: 'string'}},
  });
} catch (error) {
  stop(`${by}: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
if (args.positionals.length !== POSITIONALS[action as Action]) stop(USAGE);
const [target] = args.positionals;
const publisher = publishedBy(args.values.by);
if (!publisher.ok) stop(`${by}: --by: ${publisher.problem.replace(/^who published: /, '')}`);
const who = publisher.by;
const version = args.values.version;
if (version !== undefined && !/^[1-9]\d{0,8}$/.test(version)) stop(`${by}: --version: got "${version}"; expected a whole number from 1`);

/** What `publish` keeps: the file's config, its id the file's name unless --id says another. */
function readPublished(file: string): {id: string; body: unknown} {
  const id = args.values.id ?? basename(file).replace(/\.json$/i, '');
  if (!FORM_ID.test(id)) stop(`${by}: the form's id: got "${id}"; ${FORM_ID_RULE} (name the file so, or give --id)`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    stop(`${by}: ${file} could not be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    return {id, body: JSON.parse(text) as unknown};
  } catch (error) {
    stop(`${by}: ${file} is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** The campaigns file as written, for `import`, after the endpoint's own check of it. */
function readCampaigns(): unknown {
  const read = readNodeEnv(process.env);
  if (!read.ok) stop(read.message.replace(/^coral endpoint:/, `${by}:`));
  const source = process.env.CORAL_CAMPAIGNS!.trim();
  return JSON.parse(source.startsWith('[') || source.startsWith('{') ? source : fileReader(repositoryRoot())(source)) as unknown;
}

/** The campaigns CORAL_CAMPAIGNS lists, as the endpoint reads them, or null when it is unset: a publish is held to them. */
function listedCampaigns(): ReadonlySet<string> | null {
  if (!process.env.CORAL_CAMPAIGNS?.trim()) return null;
  const read = readNodeEnv(process.env);
  if (!read.ok) stop(read.message.replace(/^coral endpoint:/, `${by}:`));
  return read.env.versions.listed;
}

warnUnknownSettings(process.env, by);
const published = action === 'publish' ? readPublished(target!) : null;
const checked = published === null ? null : checkForm(published.body);
if (checked?.ok === false)
  stop(`${by}: ${target} is not a config Coral can publish:\n${checked.problems.map((line) => `  ${line}`).join('\n')}`);
const campaigns = action === 'import' ? readCampaigns() : null;
const unlisted = checked?.ok
  ? (unlistedForm(checked.form, listedCampaigns()) ?? giftlessForm(checked.form, Boolean(process.env.STRIPE_SECRET_KEY?.trim())))
  : null;
if (unlisted !== null) stop(`${by}: ${unlisted}`);
/**
 * Where a running endpoint answers: --endpoint, or this machine at the endpoint's PORT and CORAL_BASE_PATH. Null where
 * the endpoint listens on a port of the system's choosing (PORT=0), which only its own start line names.
 */
function endpointAddress(): string | null {
  if (args.values.endpoint !== undefined) return args.values.endpoint.replace(/\/+$/, '');
  const port = process.env.PORT?.trim() || '8787';
  return port === '0' ? null : `http://localhost:${port}${process.env.CORAL_BASE_PATH?.trim() ?? ''}`;
}

/**
 * Publishes through a running endpoint's own route with the admin token, as the Customise tab does, so the command
 * works while the endpoint holds the records: its answer as the command prints it, or null where no endpoint answers
 * there (the command then opens the records itself).
 */
async function publishThroughEndpoint(id: string, body: unknown): Promise<{ok: boolean; line: string} | null> {
  const token = process.env.CORAL_ADMIN_TOKEN?.trim();
  const address = endpointAddress();
  if (!token || address === null) return null;
  const headers: Record<string, string> = {authorization: `Bearer ${token}`, 'content-type': 'application/json'};
  if (who !== null) headers['coral-published-by'] = encodePublishedBy(who);
  let response: Response;
  try {
    response = await fetch(`${address}/forms/${id}`, {method: 'PUT', headers, body: JSON.stringify(body)});
  } catch (error) {
    if (args.values.endpoint !== undefined) stop(`${by}: no endpoint answers at ${address} (${(error as Error).cause ?? error})`);
    return null;
  }
  const answer = (await response.json().catch(() => null)) as {form?: string; version?: number; plan?: string; reason?: string} | null;
  if (response.status === 201 && answer?.version !== undefined) return {ok: true, line: JSON.stringify(answer)};
  if (response.status === 401)
    return {ok: false, line: `${by}: the endpoint at ${address} refused CORAL_ADMIN_TOKEN: set the value it runs with`};
  if (answer?.reason === undefined) return {ok: false, line: `${by}: ${address} answered ${response.status}, not as a Coral endpoint does`};
  return {ok: false, line: `${by}: ${answer.reason}`};
}

if (published !== null && checked?.ok) {
  const through = await publishThroughEndpoint(published.id, published.body);
  if (through !== null) {
    if (through.ok) console.log(through.line);
    else stop(through.line);
    process.exit(0);
  }
}

const records = readNodeRecords(process.env);
if (typeof records === 'string') stop(`${by}: ${records}`);
let opened: Awaited<ReturnType<typeof openMigrated>>;
try {
  opened = await openMigrated({...records, by});
} catch (error) {
  stop(`${by}: ${error instanceof Error ? error.message : String(error)}`);
}
const {db} = opened;
try {
  if (published !== null && checked?.ok) {
    const kept = await publishForm(db, published.id, checked.form, publisher.by, new Date());
    // A version with an experiment comes with its plan, so whoever publishes it knows how long it will take.
    const plan = kept.ok ? await publishedPlan(db, published.id, kept.version) : null;
    if (kept.ok) console.log(JSON.stringify({form: published.id, version: kept.version, ...(plan === null ? {} : {plan})}));
    else {
      console.error(`${by}: ${refusal(published.id, kept, checked.form.component)}`);
      process.exitCode = 1;
    }
  } else if (action === 'list') {
    console.log(JSON.stringify({forms: await listForms(db)}, null, 2));
  } else if (action === 'show') {
    const form = await readForm(db, target!, version === undefined ? undefined : Number(version));
    if (form !== null) console.log(JSON.stringify(form, null, 2));
    else {
      console.error(`${by}: no form "${target}"${version === undefined ? '' : ` with a version ${version}`}`);
      process.exitCode = 1;
    }
  } else if (action === 'withdraw') {
    const done = await withdrawForm(db, target!, version === undefined ? null : Number(version), publisher.by, new Date());
    if (done.ok) {
      console.log(JSON.stringify({form: target, withdrawn: done.withdrawn}));
      if (done.withdrawn.length === 0)
        console.error(`${by}: ${version === undefined ? 'every version' : `version ${version}`} was withdrawn already`);
    } else {
      console.error(`${by}: no form "${target}"${version === undefined ? '' : ` with a version ${version}`}`);
      process.exitCode = 1;
    }
  } else {
    for (const line of await importForms(db, campaignForms(campaigns), new Date(), publisher.by)) console.log(line);
  }
} catch (error) {
  console.error(`${by}: ${error instanceof Error ? error.message : String(error)}: nothing was changed`);
  process.exitCode = 1;
} finally {
  await db.close();
}
