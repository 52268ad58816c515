/** SPEC §7 trips/recheck: live seats and prices for one recheck URL of a search. */
import type { APIRoute } from 'astro';
import { searchApi } from '../../../../../server/search/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => searchApi.recheck(context);
