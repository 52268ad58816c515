/** Registration by email: a verification link is mailed (same answer for known emails). */
import type { APIRoute } from 'astro';
import { accountRoute } from '../../../../server/accounts/route.ts';

export const prerender = false;

export const POST: APIRoute = (context) => accountRoute(context, (api) => api.register);
