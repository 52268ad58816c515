/** The booking's legs as a calendar file (RFC 5545), through a signed link. */
import type { APIRoute } from 'astro';
import { ticketApi } from '../../../../../server/tickets/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => ticketApi.ics(context);
