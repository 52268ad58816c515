/** SPEC §7 railpasses/hybridSearch: passes valid between two places. */
import type { APIRoute } from 'astro';
import { railpassApi } from '../../../../../server/railpass/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => railpassApi.hybridSearch(context);
