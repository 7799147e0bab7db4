/// <reference types="vite/client" />
/**
 * Migrations: the SQL files in ./migrations, named `NNNN_what.sql`, applied
 * in order, each once, in one transaction that holds an advisory lock, so two
 * instances starting at once never apply one twice. The build takes the files
 * in as text, so every host (Node, Workers) carries the same ones. A migration
 * whose rule is the code's own has a step in STEPS too, run after its SQL.
 */
import {isMachineValue} from '../../src/coral/contract';
import {scrubEventValues, type Database, type Queryable} from '../db';

export type Migration = {version: number; name: string; sql: string};

const FILES = import.meta.glob<string>('./migrations/*.sql', {query: '?raw', import: 'default', eager: true});

/** The migrations, checked: numbered 1, 2, 3… with no gap or repeat. */
export function migrationsOf(files: Readonly<Record<string, string>>): Migration[] {
  const migrations = Object.entries(files)
    .map(([path, sql]) => {
      const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.sql$/, '');
      const match = /^(\d{4})_[a-z0-9_]+$/.exec(name);
      if (!match) throw new Error(`migration ${path}: expected a name like 0002_what_it_does.sql`);
      return {version: Number(match[1]), name, sql};
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, i) => {
    if (migration.version !== i + 1) throw new Error(`migration ${migration.name}: expected number ${String(i + 1).padStart(4, '0')}`);
  });
  return migrations;
}

export const MIGRATIONS: readonly Migration[] = migrationsOf(FILES);

/**
 * What a migration does besides its SQL, in the same transaction, where the rule it applies lives in the code and
 * would otherwise be written twice: by the migration's name.
 */
const STEPS: Readonly<Record<string, (tx: Queryable) => Promise<unknown>>> = {
  // The events' values kept before the endpoint kept only a machine's, dropped by the rule it keeps them by now.
  '0013_machine_event_values': (tx) => scrubEventValues(tx, (value) => !isMachineValue(value)),
};

// Any fixed number will do, as long as nothing else on the database takes it.
const MIGRATION_LOCK = 7_242_024;

/** Applies what the database lacks; answers the names applied. Refuses a database migrated by a newer Coral. */
export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.script(
      'create table if not exists coral_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
    const done = await tx.query<{version: number; name: string}>('select version, name from coral_migrations order by version');
    const newest = done.at(-1);
    if (newest && newest.version > (migrations.at(-1)?.version ?? 0)) {
      throw new Error(`the database has migration ${newest.name}, which this version of Coral does not know: run the newer version`);
    }
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.some((row) => row.version === migration.version)) continue;
      await tx.script(migration.sql);
      await STEPS[migration.name]?.(tx);
      await tx.query('insert into coral_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.name);
    }
    return applied;
  });
}
