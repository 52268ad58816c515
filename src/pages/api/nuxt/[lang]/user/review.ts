/** SPEC §7 user/review (the client loads it lazily): trips the traveller can review. */
import type { APIRoute } from 'astro';
import { accountRoute } from '../../../../../server/accounts/route.ts';

export const prerender = false;

export const GET: APIRoute = (context) => accountRoute(context, (api) => api.review);
