/** SPEC §7 railpasses/recheck: one issuer’s live pass prices, merged by slug. */
import type { APIRoute } from 'astro';
import { railpassApi } from '../../../../../server/railpass/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => railpassApi.recheck(context);
