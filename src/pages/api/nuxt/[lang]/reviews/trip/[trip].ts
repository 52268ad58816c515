/** SPEC §7 reviews/trip/{trip}: reviews of the route a trip runs on (route id or trip key). */
import type { APIRoute } from 'astro';
import { networkApi } from '../../../../../../server/network/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => networkApi.tripReviews(context);
