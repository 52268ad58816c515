/** `npm run db:migrate`: applies pending migrations to the configured database. */
import { parseServerEnv } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';

const env = parseServerEnv();
const handle = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDataDir: env.PGLITE_DATA_DIR });
try {
  await applyMigrations(handle);
  console.log(`Migrations applied (${handle.driver}).`);
} finally {
  await handle.close();
}
