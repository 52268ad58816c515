/** SPEC §7 checkout/resolve-card-payment-method: provider and fee for a card, from its first digits. */
import type { APIRoute } from 'astro';
import { paymentApi } from '../../../../../server/payment/instance.ts';

export const prerender = false;

export const POST: APIRoute = (context) => paymentApi.resolveCardPaymentMethod(context);
