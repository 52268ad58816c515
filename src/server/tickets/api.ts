/**
 * Ticket endpoints behind a signed link (temporary authentication): ticket/extended-receipt
 * (SPEC §7: the booking with its legs, passengers and total), and the PDF and calendar file.
 * Only paid bookings have tickets.
 */
import { rowIdSchema } from '../../domain/ids.ts';
import type { APIContext } from 'astro';
import { z } from 'zod';
import { ENGLISH } from '../../i18n/messages.ts';
import { createTranslator } from '../../i18n/translate.ts';
import { apiError } from '../api/errors.ts';
import type { Db } from '../db/client.ts';
import { isPaid } from '../../domain/booking/lifecycle.ts';
import { getSearchIndex } from '../search/cache.ts';
import { json } from '../search/http.ts';
import { queryObject } from '../search/params.ts';
import { loadTicketData, type TicketData } from './data.ts';
import { ticketIcs } from './ics.ts';
import { verifyTicketToken } from './links.ts';
import { ticketPdf } from './pdf.ts';
import { cancellationPreview } from './cancel.ts';
import { toMoney } from '../../domain/search/money.ts';

type Ctx = Pick<APIContext, 'url' | 'locals'>;

/** The signed link's query: booking id and token (tickets/links.ts). */
export const ticketLinkQuery = z.object({ b: rowIdSchema, t: z.string().min(10).max(100) });

export function createTicketApi(options: { db?: Db; now?: () => number } = {}) {
  const now = options.now ?? (() => Date.now());
  const database = async () => options.db ?? (await import('../db/index.ts').then((m) => m.getDbHandle())).db;

  async function load(ctx: Ctx, localeCode: string, t: (key: string) => string): Promise<TicketData | Response> {
    const link = ticketLinkQuery.safeParse(queryObject(ctx.url));
    if (!link.success) return apiError(ctx.locals.t, 'invalid_ticket_link', 400, link.error);
    if (!verifyTicketToken(link.data.b, link.data.t, now())) return apiError(ctx.locals.t, 'invalid_ticket_link', 403);
    const db = await database();
    const ticket = await loadTicketData(db, await getSearchIndex(options.db, now()), link.data.b, localeCode, t);
    if (!ticket || !isPaid(ticket.status)) return apiError(ctx.locals.t, 'booking_not_found', 404);
    return ticket;
  }

  const english = createTranslator('en', ENGLISH, ENGLISH);

  return {
    async receipt(ctx: Ctx): Promise<Response> {
      const ticket = await load(ctx, ctx.locals.locale.code, ctx.locals.t);
      if (ticket instanceof Response) return ticket;
      const refund = await cancellationPreview(await database(), ticket.id, new Date(now()));
      const index = await getSearchIndex(options.db, now());
      return json(
        {
          receipt: ticket,
          refund_preview: refund
            ? {
                cancellable: refund.cancellable,
                full: refund.full,
                amount: toMoney(refund.refundMinor, refund.currency, index.fx),
                full_refund_until: refund.deadline?.toISOString() ?? null,
              }
            : null,
        },
        200,
        { 'cache-control': 'private, no-store' },
      );
    },

    async pdf(ctx: Ctx): Promise<Response> {
      const ticket = await load(ctx, 'en', english);
      if (ticket instanceof Response) return ticket;
      const bytes = await ticketPdf(ticket, english);
      return new Response(Buffer.from(bytes), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="ticket-${ticket.reference}.pdf"`,
          'cache-control': 'private, no-store',
        },
      });
    },

    async ics(ctx: Ctx): Promise<Response> {
      const ticket = await load(ctx, ctx.locals.locale.code, ctx.locals.t);
      if (ticket instanceof Response) return ticket;
      return new Response(ticketIcs(ticket, ctx.locals.t, new Date(now()), ctx.locals.locale.code), {
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': `attachment; filename="trip-${ticket.reference}.ics"`,
          'cache-control': 'private, no-store',
        },
      });
    },
  };
}

export const ticketApi = createTicketApi();
