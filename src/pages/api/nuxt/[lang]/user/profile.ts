/** SPEC §7 GET/POST/DELETE user/profile. */
import type { APIRoute } from 'astro';
import { accountRoute } from '../../../../../server/accounts/route.ts';

export const prerender = false;

export const GET: APIRoute = (context) => accountRoute(context, (api) => api.profile);
export const POST: APIRoute = (context) => accountRoute(context, (api) => api.updateProfile);
export const DELETE: APIRoute = (context) => accountRoute(context, (api) => api.deleteProfile);
