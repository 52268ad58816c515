/** SPEC §7 ticket/extended-receipt: the paid booking in full, through a signed link. */
import type { APIRoute } from 'astro';
import { ticketApi } from '../../../../../server/tickets/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => ticketApi.receipt(context);
