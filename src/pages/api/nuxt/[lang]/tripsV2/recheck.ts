/** SPEC §7 tripsV2/recheck: the same contract as trips/recheck. */
import type { APIRoute } from 'astro';
import { searchApi } from '../../../../../server/search/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => searchApi.recheck(context);
