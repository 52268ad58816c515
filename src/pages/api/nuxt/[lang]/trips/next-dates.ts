/** SPEC §7 trips/next-dates: the next days with service after the asked one. */
import type { APIRoute } from 'astro';
import { searchApi } from '../../../../../server/search/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => searchApi.nextDates(context);
