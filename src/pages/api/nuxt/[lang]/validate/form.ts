/** SPEC §7 validate/form: field-by-field verdict on the booking form (SPEC §5). */
import type { APIRoute } from 'astro';
import { checkoutApi } from '../../../../../server/checkout/api.ts';

export const prerender = false;

export const POST: APIRoute = (context) => checkoutApi.validateForm(context);
