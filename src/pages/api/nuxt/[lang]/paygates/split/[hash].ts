/** SPEC §7 paygates/split/{hash}: the ways to pay each trip of the cart. */
import type { APIRoute } from 'astro';
import { checkoutApi } from '../../../../../../server/checkout/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => checkoutApi.paygatesSplit(context);
