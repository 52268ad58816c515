/** SPEC §7 ping: the server process answers. */
import type { APIRoute } from 'astro';
import { analyticsApi } from '../../../../server/analytics/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => analyticsApi.ping(context);
