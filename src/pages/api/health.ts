/**
 * GET /api/health, for a load balancer (src/server/health/readiness.ts): the database, this
 * process's search index (ready, age), the background jobs' last runs and the mail queue;
 * 503 when the process cannot serve (database down, or no search index).
 */
import type { APIRoute } from 'astro';
import { healthAnswer } from '../../server/health/page.ts';
import { readinessStatus } from '../../server/health/readiness.ts';

export const prerender = false;

export const GET: APIRoute = async () => {
  const readiness = await healthAnswer();
  return new Response(JSON.stringify(readiness), {
    status: readinessStatus(readiness),
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
};
