/** SPEC §7 railpasses/destinations: the rail pass destinations with pass counts and lowest prices. */
import type { APIRoute } from 'astro';
import { railpassApi } from '../../../../../server/railpass/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => railpassApi.destinations(context);
