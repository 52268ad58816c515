/** SPEC §7 POST login with google {credential}. */
import type { APIRoute } from 'astro';
import { accountRoute } from '../../../../server/accounts/route.ts';

export const prerender = false;

export const POST: APIRoute = (context) => accountRoute(context, (api) => api.loginWithGoogle);
