/** SPEC §7 analytics/external: an arrival from outside (referrer, partner, ad click ids). */
import type { APIRoute } from 'astro';
import { analyticsApi } from '../../../../../server/analytics/api.ts';

export const prerender = false;

export const POST: APIRoute = (context) => analyticsApi.external(context);
