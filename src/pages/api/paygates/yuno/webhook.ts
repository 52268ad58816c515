/** Yuno's payment webhooks, signed with x-hmac-signature (HMAC-SHA256 of the raw body). */
import type { APIRoute } from 'astro';
import { paymentApi } from '../../../../server/payment/instance.ts';

export const prerender = false;

export const POST: APIRoute = (context) => paymentApi.yunoWebhook(context);
