// A child process (pglite-engine.ts → trialLoadPglite): loads a PGlite backup into a throw-away
// in-memory database and reads the two tables every Casebook database has. Exit 0: it loads.
// Anything else (a rejection, an abort inside PostgreSQL, memory exhausted) ends only this process.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readManifest } from './archive.ts';
import { pgliteTarOf } from './pglite-engine.ts';

const fail = (error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
};
process.on('unhandledRejection', fail);
process.on('uncaughtException', fail);

const file = process.argv[2]!;
const lite = await PGlite.create({ loadDataDir: await pgliteTarOf(file, await readManifest(file)), extensions: { pg_trgm } });
await lite.query('select count(*) from schema_migrations');
await lite.query('select count(*) from audit_log');
await lite.close();
process.exit(0);
