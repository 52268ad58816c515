/** finAPI's web form `finalised` callback; the URL the shop registered carries its signature. */
import type { APIRoute } from 'astro';
import { paymentApi } from '../../../../server/payment/instance.ts';

export const prerender = false;

export const POST: APIRoute = (context) => paymentApi.finapiCallback(context);
