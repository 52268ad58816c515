/** SPEC §7 GET logout: ends the session on the server. */
import type { APIRoute } from 'astro';
import { accountRoute } from '../../../../server/accounts/route.ts';

export const prerender = false;

export const GET: APIRoute = (context) => accountRoute(context, (api) => api.logout);
