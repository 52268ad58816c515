/** The sandbox card gateway's signed webhooks (HMAC-SHA256, 5-minute replay window). */
import type { APIRoute } from 'astro';
import { paymentApi } from '../../../../server/payment/instance.ts';

export const prerender = false;

export const POST: APIRoute = (context) => paymentApi.webhook(context);
