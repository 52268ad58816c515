/** Migrates and, when empty, seeds the configured database (used by `npm test` for its own copy). */
import { parseServerEnv } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/client.ts';
import { prepareDatabase } from './prepare.ts';

const env = parseServerEnv();
const handle = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDataDir: env.PGLITE_DATA_DIR });
try {
  await prepareDatabase(handle);
} finally {
  await handle.close();
}
