/** SPEC §7 tripsV2/search: the same contract as trips/search for the new results page. */
import type { APIRoute } from 'astro';
import { searchApi } from '../../../../../server/search/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => searchApi.search(context);
