/**
 * The view model of GET /api/health (src/pages/api/health.ts): the readiness of this process, or
 * `down` when the database cannot even be opened (PGlite's directory, a bad URL) — a 503, not a 500.
 */
import { readReadiness, type Readiness } from './readiness.ts';

export async function healthAnswer(now = new Date()): Promise<Readiness> {
  // Imported on call, inside the try: a database that fails to open is an answer, not a crash.
  const { getSearchIndex, searchIndexStatus } = await import('../search/cache.ts');
  try {
    const { getDbHandle } = await import('../db/index.ts');
    const { db } = await getDbHandle();
    // getSearchIndex() without the handle: the process's own index, the one that follows the bus.
    return await readReadiness(db, now, { warmIndex: () => getSearchIndex(), indexStatus: () => searchIndexStatus(db) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      status: 'down',
      checked_at: now.toISOString(),
      database: { ok: false, error: message },
      jobs: [],
      search_index: { ready: false, version: null, built_at: null, age_ms: null, building: false },
    };
  }
}
