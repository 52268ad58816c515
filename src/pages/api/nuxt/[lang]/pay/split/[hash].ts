/** SPEC §7 pay/split/{hash}: the amount per trip of the booking. */
import type { APIRoute } from 'astro';
import { paymentApi } from '../../../../../../server/payment/instance.ts';

export const prerender = false;

export const GET: APIRoute = (context) => paymentApi.paySplit(context);
