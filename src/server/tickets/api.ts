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
import { ApiError } from '../api/errors.ts';
import { endpoints, json, parseInput, queryObject } from '../api/http.ts';
import type { Db } from '../db/client.ts';
import { isPaid } from '../../domain/booking/lifecycle.ts';
import { getSearchIndex } from '../search/cache.ts';
import { loadTicketData, type TicketData } from './data.ts';
import { ticketIcs } from './ics.ts';
import { verifyTicketToken } from './links.ts';
import { renderTicketPdf } from './ticketRenderer.ts';
import { cancellationPreview } from './cancel.ts';
import { toMoney } from '../../domain/search/money.ts';
import type { Translate } from '../../i18n/translate.ts';

type Ctx = Pick<APIContext, 'url' | 'locals'>;

/** The signed link's query: booking id and token (tickets/links.ts). */
export const ticketLinkQuery = z.object({ b: rowIdSchema, t: z.string().min(10).max(100) });

export function createTicketApi(options: { db?: Db; now?: () => number } = {}) {
  const now = options.now ?? (() => Date.now());
  const database = async () => options.db ?? (await import('../db/index.ts').then((m) => m.getDbHandle())).db;

  async function load(ctx: Ctx, localeCode: string, t: Translate): Promise<TicketData> {
    const link = parseInput(ticketLinkQuery, queryObject(ctx.url), 'invalid_ticket_link');
    if (!verifyTicketToken(link.b, link.t, now())) throw new ApiError('invalid_ticket_link');
    const db = await database();
    const ticket = await loadTicketData(db, await getSearchIndex(options.db, now()), link.b, localeCode, t);
    if (!ticket || !isPaid(ticket.status)) throw new ApiError('booking_not_found');
    return ticket;
  }

  const english = createTranslator('en', ENGLISH, ENGLISH);

  return endpoints({
    async receipt(ctx: Ctx): Promise<Response> {
      const ticket = await load(ctx, ctx.locals.locale.code, ctx.locals.t);
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
      const bytes = await renderTicketPdf(ticket);
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
      return new Response(ticketIcs(ticket, ctx.locals.t, new Date(now()), ctx.locals.locale.code), {
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': `attachment; filename="trip-${ticket.reference}.ics"`,
          'cache-control': 'private, no-store',
        },
      });
    },
  });
}

export const ticketApi = createTicketApi();
