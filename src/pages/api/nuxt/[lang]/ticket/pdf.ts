/** The e-ticket PDF of a paid booking, through a signed link. */
import type { APIRoute } from 'astro';
import { ticketApi } from '../../../../../server/tickets/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => ticketApi.pdf(context);
