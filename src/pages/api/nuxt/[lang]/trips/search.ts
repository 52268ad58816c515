/** SPEC §7 trips/search: the first answer from the in-memory index, with recheck URLs and token. */
import type { APIRoute } from 'astro';
import { searchApi } from '../../../../../server/search/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => searchApi.search(context);
