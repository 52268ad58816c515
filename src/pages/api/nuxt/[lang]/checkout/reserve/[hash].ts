/** SPEC §7 checkout/reserve/{hash}: validate the form again and hold every leg's seats. */
import type { APIRoute } from 'astro';
import { checkoutApi } from '../../../../../../server/checkout/api.ts';

export const prerender = false;

export const POST: APIRoute = (context) => checkoutApi.reserve(context);
