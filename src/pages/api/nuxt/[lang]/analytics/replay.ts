/** Session replay chunks of a sampled session (issue 25 item 5). */
import type { APIRoute } from 'astro';
import { analyticsApi } from '../../../../../server/analytics/api.ts';

export const prerender = false;

export const POST: APIRoute = (context) => analyticsApi.replay(context);
