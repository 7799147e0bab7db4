/** `npm run server:migrate`: applies the migrations the database lacks, and says which, without starting the endpoint. */
import {openMigrated, readNodeRecords, warnUnknownSettings} from '../node';

warnUnknownSettings(process.env, 'coral migrate');
const records = readNodeRecords(process.env);
if (typeof records === 'string') {
  console.error(`coral migrate: ${records}`);
  process.exit(1);
}
const where = records.databaseUrl ? 'the database at DATABASE_URL' : `the embedded database in ${records.dataDir}`;
try {
  const {db, applied} = await openMigrated({...records, by: 'coral migrate'});
  await db.close();
  console.log(applied.length > 0 ? `coral migrate: applied ${applied.join(', ')} to ${where}` : `coral migrate: ${where} is up to date`);
} catch (error) {
  console.error(`coral migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
