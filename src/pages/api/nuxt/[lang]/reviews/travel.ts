/** SPEC §7 reviews/travel (?from=&to=): reviews of routes between two places. */
import type { APIRoute } from 'astro';
import { networkApi } from '../../../../../server/network/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => networkApi.travelReviews(context);
