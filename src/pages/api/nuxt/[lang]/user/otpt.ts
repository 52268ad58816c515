/** SPEC §7 user/otpt: redeems a one-time token from a mail or ticket link. */
import type { APIRoute } from 'astro';
import { accountRoute } from '../../../../../server/accounts/route.ts';

export const prerender = false;

export const POST: APIRoute = (context) => accountRoute(context, (api) => api.otpt);
