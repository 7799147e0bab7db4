/** `npm run server:migrate`: applies the migrations the database lacks, and says which, without starting the endpoint. */
import {openMigrated} from './db/open';

const databaseUrl = process.env.DATABASE_URL?.trim() || null;
const dataDir = process.env.CORAL_DATA_DIR?.trim() || '.coral-data';
try {
  const {db, applied} = await openMigrated({databaseUrl, dataDir, by: 'coral migrate'});
  await db.close();
  console.log(applied.length > 0 ? `coral migrate: applied ${applied.join(', ')}` : 'coral migrate: the database is up to date');
} catch (error) {
  console.error(`coral migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
