/**
 * The database's schema: the migrations in migrations/, taken in as text at build time so every host carries the
 * same ones, and applied in order, each once. A room of its own, so what reads only the database's interface (the
 * doorway, the routes) never loads the files.
 */
export {migrate, MIGRATIONS, migrationsOf, type Migration} from './migrate';
