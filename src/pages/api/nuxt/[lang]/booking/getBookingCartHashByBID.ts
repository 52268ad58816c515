/** SPEC §7 booking/getBookingCartHashByBID: the cart hash behind a booking reference. */
import type { APIRoute } from 'astro';
import { cartApi } from '../../../../../server/cart/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => cartApi.cartHashByBookingId(context);
