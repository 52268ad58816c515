/**
 * GET /api/health, for a load balancer (src/server/health/readiness.ts): the database, this
 * process's search index (ready, age), the background jobs' last runs and the mail queue;
 * 503 when the process cannot serve (database down, or no search index).
 */
import type { APIRoute } from 'astro';
import { readinessStatus, readReadiness, type Readiness } from '../../server/health/readiness.ts';

export const prerender = false;

export const GET: APIRoute = async () => {
  const { getSearchIndex, searchIndexStatus } = await import('../../server/search/cache.ts');
  let readiness: Readiness;
  try {
    const { getDbHandle } = await import('../../server/db/index.ts');
    const { db } = await getDbHandle();
    // getSearchIndex() without the handle: the process's own index, the one that follows the bus.
    readiness = await readReadiness(db, new Date(), { warmIndex: () => getSearchIndex(), indexStatus: () => searchIndexStatus(db) });
  } catch (error) {
    // The database could not even be opened (PGlite's directory, a bad URL): down, not a 500.
    const message = error instanceof Error ? error.message : String(error);
    readiness = {
      status: 'down',
      checked_at: new Date().toISOString(),
      database: { ok: false, error: message },
      jobs: [],
      search_index: { ready: false, version: null, built_at: null, age_ms: null, building: false },
    };
  }
  return new Response(JSON.stringify(readiness), {
    status: readinessStatus(readiness),
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
};
