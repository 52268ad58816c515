/** SPEC §7 station (?id= or ?slug=): departures, routes, operators and nearby stations. */
import type { APIRoute } from 'astro';
import { networkApi } from '../../../../server/network/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => networkApi.station(context);
