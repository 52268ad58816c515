/** SPEC §7 pay/payment-result: where a booking's payment stands. */
import type { APIRoute } from 'astro';
import { paymentApi } from '../../../../../server/payment/instance.ts';

export const prerender = false;

export const GET: APIRoute = (context) => paymentApi.paymentResult(context);
