/** SPEC §7 railpasses: every pass of the catalogue. */
import type { APIRoute } from 'astro';
import { railpassApi } from '../../../../server/railpass/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => railpassApi.railpasses(context);
