/** SPEC §7 cart: the cart by hash (compact shape). */
import type { APIRoute } from 'astro';
import { cartApi } from '../../../../server/cart/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => cartApi.cart(context);
