/** Client errors batched by the collector's worker (issue 25 item 5). */
import type { APIRoute } from 'astro';
import { analyticsApi } from '../../../../../server/analytics/api.ts';

export const prerender = false;

export const POST: APIRoute = (context) => analyticsApi.clientErrors(context);
