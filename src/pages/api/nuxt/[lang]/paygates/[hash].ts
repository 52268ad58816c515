/** SPEC §7 paygates/{hash}: the ways to pay this cart. */
import type { APIRoute } from 'astro';
import { checkoutApi } from '../../../../../server/checkout/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => checkoutApi.paygates(context);
