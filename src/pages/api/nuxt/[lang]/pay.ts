/** SPEC §7 pay: the booking to pay and its paygates. */
import type { APIRoute } from 'astro';
import { paymentApi } from '../../../../server/payment/instance.ts';

export const prerender = false;

export const GET: APIRoute = (context) => paymentApi.pay(context);
