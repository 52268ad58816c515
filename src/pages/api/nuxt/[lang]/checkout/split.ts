/** SPEC §7 checkout/split: the checkout per trip of the cart. */
import type { APIRoute } from 'astro';
import { checkoutApi } from '../../../../../server/checkout/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => checkoutApi.checkoutSplit(context);
