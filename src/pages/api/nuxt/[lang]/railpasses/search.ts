/** SPEC §7 railpasses/search: a destination’s passes, filtered and sorted, with recheck URLs. */
import type { APIRoute } from 'astro';
import { railpassApi } from '../../../../../server/railpass/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => railpassApi.search(context);
