/**
 * The process-wide database handle, opened on first use from the parsed environment.
 * PGlite allows one open handle per data directory, so the whole process shares this one —
 * including the background jobs, which scripts/serve.ts loads from the source files while the
 * pages and API run from the built bundle: two copies of this module, so the handle is kept
 * on `globalThis` under a registered symbol, where both copies find the same one.
 */
import { parseServerEnv } from '../config.ts';
import { parseBookingEnv } from '../booking/config.ts';
import { openDb, type DbHandle } from './client.ts';

const HANDLE = Symbol.for('roamly.db.handle');
const shared = globalThis as { [HANDLE]?: Promise<DbHandle> | undefined };

export function getDbHandle(): Promise<DbHandle> {
  if (!shared[HANDLE]) {
    const env = parseServerEnv();
    shared[HANDLE] = openDb({
      databaseUrl: env.DATABASE_URL,
      pgliteDataDir: env.PGLITE_DATA_DIR,
      maxConnections: env.DATABASE_POOL_MAX,
      lockTimeoutMs: parseBookingEnv().LOCK_TIMEOUT_MS,
    });
  }
  return shared[HANDLE];
}

export async function closeDb(): Promise<void> {
  const opening = shared[HANDLE];
  if (!opening) return;
  shared[HANDLE] = undefined;
  const handle = await opening;
  await handle.close();
}
