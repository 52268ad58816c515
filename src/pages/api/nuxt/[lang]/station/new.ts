/** SPEC §7 station/new: the new station page's data, departures grouped by destination. */
import type { APIRoute } from 'astro';
import { networkApi } from '../../../../../server/network/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => networkApi.stationNew(context);
