/** checkout/class/{hash}: another class for one leg of the cart, re-quoted; held seats move with it. */
import type { APIRoute } from 'astro';
import { checkoutApi } from '../../../../../../server/checkout/api.ts';

export const prerender = false;

export const POST: APIRoute = (context) => checkoutApi.changeClass(context);
