/** SPEC §7 total/{hash}: fare, add-ons and total (POST with the chosen add-ons). */
import type { APIRoute } from 'astro';
import { checkoutApi } from '../../../../../server/checkout/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => checkoutApi.total(context);

export const POST: APIRoute = (context) => checkoutApi.total(context);
