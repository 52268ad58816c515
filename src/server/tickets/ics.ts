/** The booking's legs as a calendar file (one event per leg, RFC 5545). */
import { buildIcs } from '../../domain/tickets/ics.ts';
import type { TicketData } from './data.ts';

export function ticketIcs(ticket: TicketData, t: (key: string, values?: Record<string, string | number>) => string, now: Date): string {
  return buildIcs(
    ticket.legs.map((leg, i) => ({
      uid: `${ticket.reference}-${String(i)}@roamly`,
      start: new Date(leg.departure_at),
      end: new Date(leg.arrival_at),
      summary: t('ticket.calendarSummary', { from: leg.from.name, to: leg.to.name, operator: leg.operator?.name ?? '' }),
      location: leg.from.name,
      description: `${t('ticket.reference')}: ${ticket.reference}\n${leg.class_name}\n${leg.instructions}`,
    })),
    now,
  );
}
