/** SPEC §7 cart/railpass: a rail pass into a new cart or beside the trips of an open one. */
import type { APIRoute } from 'astro';
import { railpassApi } from '../../../../../server/railpass/api.ts';

export const prerender = false;

export const POST: APIRoute = (context) => railpassApi.addToCart(context);
