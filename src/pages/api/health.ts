/** GET /api/health: the database and the background jobs (server/jobs/health.ts); 503 when the database is down. */
import type { APIRoute } from 'astro';
import { readHealth } from '../../server/jobs/health.ts';

export const prerender = false;

export const GET: APIRoute = async () => {
  let health;
  try {
    const { getDbHandle } = await import('../../server/db/index.ts');
    health = await readHealth((await getDbHandle()).db, new Date());
  } catch (error) {
    // The database could not even be opened (PGlite's directory, a bad URL): down, not a 500.
    const message = error instanceof Error ? error.message : String(error);
    health = { status: 'down' as const, checked_at: new Date().toISOString(), database: { ok: false, error: message }, jobs: [] };
  }
  return new Response(JSON.stringify(health), {
    status: health.status === 'down' ? 503 : 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
};
