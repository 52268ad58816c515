/** SPEC §7 user/bookings: the signed-in traveller's bookings. */
import type { APIRoute } from 'astro';
import { accountRoute } from '../../../../../server/accounts/route.ts';

export const prerender = false;

export const GET: APIRoute = (context) => accountRoute(context, (api) => api.bookings);
