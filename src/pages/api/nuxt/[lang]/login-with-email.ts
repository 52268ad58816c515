/** SPEC §7 POST login with email {email}: mails a single-use sign-in link (10 minutes). */
import type { APIRoute } from 'astro';
import { accountRoute } from '../../../../server/accounts/route.ts';

export const prerender = false;

export const POST: APIRoute = (context) => accountRoute(context, (api) => api.loginWithEmail);
