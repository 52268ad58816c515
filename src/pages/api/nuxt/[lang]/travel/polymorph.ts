/** SPEC §7 travel/polymorph (?slug=): whether a slug names a place, a station or an operator. */
import type { APIRoute } from 'astro';
import { networkApi } from '../../../../../server/network/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => networkApi.travelPolymorph(context);
