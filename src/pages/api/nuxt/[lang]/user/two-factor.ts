/** Two-factor enrolment (POST start / confirm) and removal (DELETE). */
import type { APIRoute } from 'astro';
import { accountRoute } from '../../../../../server/accounts/route.ts';

export const prerender = false;

export const POST: APIRoute = (context) => accountRoute(context, (api) => api.twoFactor);
export const DELETE: APIRoute = (context) => accountRoute(context, (api) => api.disableTwoFactor);
