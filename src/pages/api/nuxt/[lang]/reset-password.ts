/** SPEC §7 POST reset password {email, captcha?}; {token, password} completes the reset. */
import type { APIRoute } from 'astro';
import { accountRoute } from '../../../../server/accounts/route.ts';

export const prerender = false;

export const POST: APIRoute = (context) => accountRoute(context, (api) => api.resetPassword);
