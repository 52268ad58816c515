/** SPEC §7 typeahead fetch {query}: places and stations by name in any language. */
import type { APIRoute } from 'astro';
import { searchApi } from '../../../../../server/search/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => searchApi.typeaheadFetch(context);
