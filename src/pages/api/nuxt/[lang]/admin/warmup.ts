/** SPEC §7 admin/warmup: rebuild the search index and caches in every server process (managers). */
import type { APIRoute } from 'astro';
import { adminHttp } from '../../../../../server/admin/http.ts';

export const prerender = false;

export const POST: APIRoute = (context) => adminHttp.warmup(context);
