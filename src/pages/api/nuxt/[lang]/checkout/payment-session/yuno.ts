/** SPEC §7 checkout/payment-session/yuno: a Yuno checkout session for the booking (Idempotency-Key required). */
import type { APIRoute } from 'astro';
import { paymentApi } from '../../../../../../server/payment/instance.ts';

export const prerender = false;

export const POST: APIRoute = (context) => paymentApi.yunoPaymentSession(context);
