/** SPEC §7 trips/facts-on-dates: route facts for a date ({fromId, toId, date, people}). */
import type { APIRoute } from 'astro';
import { searchApi } from '../../../../../server/search/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => searchApi.factsOnDates(context);
