/** SPEC §7 POST user with {email, password} or {token, code}. */
import type { APIRoute } from 'astro';
import { accountRoute } from '../../../../../server/accounts/route.ts';

export const prerender = false;

export const POST: APIRoute = (context) => accountRoute(context, (api) => api.login);
