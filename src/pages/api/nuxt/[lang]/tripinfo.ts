/** SPEC §7 tripinfo: one trip by its key, with every stop. */
import type { APIRoute } from 'astro';
import { searchApi } from '../../../../server/search/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => searchApi.tripInfo(context);
