/**
 * The booking's legs as a calendar file (one event per leg, RFC 5545). The event's start and end
 * are UTC instants (every calendar places them right); the description repeats them in each
 * station's zone, zone named, as the ticket page, mail and PDF print them.
 */
import { buildIcs } from '../../domain/tickets/ics.ts';
import { legTimes } from '../../domain/tickets/stationTime.ts';
import type { TicketData } from './data.ts';
import type { Translate } from '../../i18n/translate.ts';

export function ticketIcs(ticket: TicketData, t: Translate, now: Date, localeCode = 'en'): string {
  return buildIcs(
    ticket.legs.map((leg, i) => ({
      uid: `${ticket.reference}-${String(i)}@roamly`,
      start: new Date(leg.departure_at),
      end: new Date(leg.arrival_at),
      summary: t('ticket.calendarSummary', { from: leg.from.name, to: leg.to.name, operator: leg.operator?.name ?? '' }),
      location: leg.from.name,
      description: [
        `${t('ticket.reference')}: ${ticket.reference}`,
        `${t('ticket.departure')}: ${legTimes(leg, localeCode).departure}`,
        `${t('ticket.arrival')}: ${legTimes(leg, localeCode).arrival}`,
        leg.class_name,
        leg.instructions,
      ].join('\n'),
    })),
    now,
  );
}
