/** SPEC §7 checkout: the cart, the passenger fields its operators require, add-ons and the current booking. */
import type { APIRoute } from 'astro';
import { checkoutApi } from '../../../../server/checkout/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => checkoutApi.checkout(context);
