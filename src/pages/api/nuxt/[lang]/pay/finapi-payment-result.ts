/** SPEC §7 pay/finapi-payment-result: the traveller back from finAPI's bank-transfer web form. */
import type { APIRoute } from 'astro';
import { paymentApi } from '../../../../../server/payment/instance.ts';

export const prerender = false;

export const GET: APIRoute = (context) => paymentApi.finapiPaymentResult(context);
