/**
 * The process-wide database handle, opened on first use from the parsed environment.
 * PGlite allows one open handle per data directory, so the whole process shares this one.
 */
import { parseServerEnv } from '../config.ts';
import { parseBookingEnv } from '../booking/config.ts';
import { openDb, type DbHandle } from './client.ts';

let opening: Promise<DbHandle> | undefined;

export function getDbHandle(): Promise<DbHandle> {
  if (!opening) {
    const env = parseServerEnv();
    opening = openDb({
      databaseUrl: env.DATABASE_URL,
      pgliteDataDir: env.PGLITE_DATA_DIR,
      maxConnections: env.DATABASE_POOL_MAX,
      lockTimeoutMs: parseBookingEnv().LOCK_TIMEOUT_MS,
    });
  }
  return opening;
}

export async function closeDb(): Promise<void> {
  if (!opening) return;
  const handle = await opening;
  opening = undefined;
  await handle.close();
}
