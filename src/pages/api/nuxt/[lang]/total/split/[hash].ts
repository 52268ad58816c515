/** SPEC §7 total/split/{hash}: the total per trip of the cart. */
import type { APIRoute } from 'astro';
import { checkoutApi } from '../../../../../../server/checkout/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => checkoutApi.totalSplit(context);
