/** SPEC §7 typeahead prefetch {fromId}: popular destinations from a place (or popular departures). */
import type { APIRoute } from 'astro';
import { searchApi } from '../../../../../server/search/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => searchApi.typeaheadPrefetch(context);
