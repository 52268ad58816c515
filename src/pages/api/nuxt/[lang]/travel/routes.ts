/** SPEC §7 travel/routes (?from=place): places reachable directly from a place. */
import type { APIRoute } from 'astro';
import { networkApi } from '../../../../../server/network/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => networkApi.travelRoutes(context);
