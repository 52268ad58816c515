/** SPEC §7 pay/place-order: start paying a booking (Idempotency-Key required). */
import type { APIRoute } from 'astro';
import { paymentApi } from '../../../../../server/payment/instance.ts';

export const prerender = false;

export const POST: APIRoute = (context) => paymentApi.placeOrder(context);
