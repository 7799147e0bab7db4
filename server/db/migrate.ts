/// <reference types="vite/client" />
/**
 * Migrations: the SQL files in ./migrations, named `NNNN_what.sql`, applied
 * in order, each once, in one transaction that holds an advisory lock, so two
 * instances starting at once never apply one twice. The build takes the files
 * in as text, so every host (Node, Workers) carries the same ones.
 */
import type {Database} from './database';

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
      await tx.query('insert into coral_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.name);
    }
    return applied;
  });
}
