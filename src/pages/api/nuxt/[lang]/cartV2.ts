/** SPEC §7 cartV2: the cart by hash with stations, operators, classes and local times. */
import type { APIRoute } from 'astro';
import { cartApi } from '../../../../server/cart/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => cartApi.cartV2(context);
