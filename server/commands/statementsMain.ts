/**
 * `npm run statements -- --year 2026`: queues a statement of the financial year's gifts for each supporter who
 * gave in it (Australia's year to 30 June 2026, New Zealand's to 31 March 2026, the calendar's elsewhere, unless
 * CORAL_RECEIPTS says otherwise), once that year is over, and says how many. Run again, it queues none twice. The
 * running endpoint sends them.
 */
import {parseArgs} from 'node:util';
import {openMigrated, readNodeEnv, warnUnknownSettings} from '../node';
import {queueStatements} from '../receipts';

const by = 'coral statements';
const USAGE = 'usage: npm run statements -- --year <year, e.g. 2026>';

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

let year: number;
try {
  const {values} = parseArgs({args: process.argv.slice(2), options: {year: {type: 'string'}}});
  if (values.year === undefined) stop(USAGE);
  if (!/^\d{4}$/.test(values.year) || Number(values.year) < 2000 || Number(values.year) > 2999)
    stop(`${by}: --year "${values.year}" is not a year like 2026 (a financial year is named by the year it ends in)`);
  year = Number(values.year);
} catch (error) {
  stop(`${by}: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}

warnUnknownSettings(process.env, by);
const read = readNodeEnv(process.env);
if (!read.ok) stop(read.message.replace(/^coral endpoint:/, `${by}:`));
const {mail} = read.env;
if (!mail) stop(`${by}: CORAL_SMTP_URL is not set: statements go by mail, so set the relay, CORAL_MAIL_FROM and CORAL_RECEIPTS first`);
let opened: Awaited<ReturnType<typeof openMigrated>>;
try {
  opened = await openMigrated({databaseUrl: read.env.databaseUrl, dataDir: read.env.dataDir, by});
} catch (error) {
  stop(`${by}: ${error instanceof Error ? error.message : String(error)}`);
}
try {
  const {queued, already, notOver} = await queueStatements(opened.db, mail.rules, year, Math.floor(Date.now() / 1000));
  const statements = (count: number) => `${count} statement${count === 1 ? '' : 's'}`;
  const supporters = (count: number) => `${count} supporter${count === 1 ? '' : 's'}`;
  console.log(
    `${statements(queued)} for ${year} queued` +
      (already > 0 ? `; ${statements(already)} queued by an earlier run, not again` : '') +
      (notOver > 0 ? `; ${supporters(notOver)} whose financial year ${year} is not over yet, none queued: run it again once it is` : '') +
      (queued > 0 ? ': the endpoint sends them through the relay' : ''),
  );
} catch (error) {
  console.error(`${by}: ${error instanceof Error ? error.message : String(error)}: nothing was queued`);
  process.exitCode = 1;
} finally {
  await opened.db.close();
}
