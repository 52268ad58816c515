/** SPEC §7 checkout/booking-form: server validation of the passengers form, with totals. */
import type { APIRoute } from 'astro';
import { checkoutApi } from '../../../../../server/checkout/api.ts';

export const prerender = false;

export const POST: APIRoute = (context) => checkoutApi.bookingForm(context);
