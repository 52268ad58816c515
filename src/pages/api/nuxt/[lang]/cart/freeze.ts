/** SPEC §7 cart/freeze: a frozen cart keeps its prices. */
import type { APIRoute } from 'astro';
import { cartApi } from '../../../../../server/cart/api.ts';

export const prerender = false;

export const POST: APIRoute = (context) => cartApi.freeze(context);
