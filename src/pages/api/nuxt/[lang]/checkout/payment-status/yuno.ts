/** SPEC §7 checkout/payment-status/yuno: where the booking's Yuno payment stands, asked of Yuno. */
import type { APIRoute } from 'astro';
import { paymentApi } from '../../../../../../server/payment/instance.ts';

export const prerender = false;

export const GET: APIRoute = (context) => paymentApi.yunoPaymentStatus(context);
