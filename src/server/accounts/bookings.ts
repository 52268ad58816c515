/**
 * `user/bookings`: the signed-in traveller's bookings, newest first. A guest booking made with
 * the account's verified email belongs to the traveller too (SPEC issue: "guest bookings made
 * with a verified email appear in the account"); bookings of other users never appear.
 *
 * Guest bookings are matched by email at read time rather than copied onto the account: a guest
 * booking made later with the same address (signed out) shows up without a sign-in hook, and
 * an account whose address is not verified (or was changed and not yet confirmed) sees none.
 *
 * A cart paid in parts (issue 26) is one booking per part: each lists only its own legs (and the
 * cart's other products only when it carries the extras), says which part it is, and
 * `bookingListEntries` groups the parts of one trip under one entry for the pages.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookings, cartItems, cartLegs, cartProductLines, operators, places, stations } from '../db/schema.ts';
import { translatorFor } from '../content/translator.ts';
import { productTicketItems } from '../products/lines.ts';
import type { TicketItem } from '../products/product.ts';
import { moneyOf, type Money } from '../../domain/search/money.ts';
import { isPaid } from '../../domain/booking/lifecycle.ts';
import { ticketLinks } from '../tickets/links.ts';
import { carriesLeg } from '../booking/bookedCart.ts';
import type { BookingRow } from '../booking/bookings.ts';
import type { AccountsDeps } from './deps.ts';
import type { UserRow } from './sessions.ts';

export interface BookingLeg {
  from: string;
  to: string;
  operator: string;
  departureAt: string;
  arrivalAt: string;
  /** Time zone of the departure station, in which the departure is shown. */
  departureTimeZone: string;
}

export interface UserBooking {
  /** The public id (uuid). */
  id: string;
  reference: string;
  status: string;
  total: Money;
  people: number;
  createdAt: string;
  itinerary: BookingLeg[];
  /** The booking's other products (a rail pass), as its ticket prints them. */
  products: TicketItem[];
  /**
   * Signed links to the booking page (tickets and the cancellation form with its refund
   * preview), the PDF and the calendar file; only once paid, as the ticket page and files
   * exist only for paid bookings.
   */
  tickets: { page: string; pdf: string; ics: string; cancel: string } | null;
  /**
   * Of a trip paid in parts (issue 26): the trip (the public id of its first part), this part's
   * number (from 1) of how many, and the operator collecting it (null: the shop). Null for a
   * booking paid as one.
   */
  part: { trip: string; number: number; of: number; collector: string | null } | null;
}

/** What a booking list shows: a booking paid as one, or the parts of one trip paid in parts, in part order. */
export type BookingListEntry = { kind: 'booking'; booking: UserBooking } | { kind: 'parts'; trip: string; parts: UserBooking[] };

/** The bookings (newest first) as list entries: the parts of one trip together, where the trip's newest part stood. */
export function bookingListEntries(list: readonly UserBooking[]): BookingListEntry[] {
  const entries: BookingListEntry[] = [];
  const trips = new Map<string, UserBooking[]>();
  for (const booking of list) {
    if (!booking.part) {
      entries.push({ kind: 'booking', booking });
      continue;
    }
    const parts = trips.get(booking.part.trip);
    if (parts) parts.push(booking);
    else {
      const first = [booking];
      trips.set(booking.part.trip, first);
      entries.push({ kind: 'parts', trip: booking.part.trip, parts: first });
    }
  }
  for (const parts of trips.values()) parts.sort((a, b) => (a.part?.number ?? 0) - (b.part?.number ?? 0));
  return entries;
}

/**
 * The parts of each reservation paid in parts: written together (one transaction, one instant)
 * for one cart, in part order (src/server/booking/bookings.ts bookingsOfCart reads them the same way).
 */
function partsOfTrips(rows: readonly BookingRow[]): Map<number, { trip: string; number: number; of: number }> {
  const trips = new Map<string, BookingRow[]>();
  for (const row of rows) {
    if (row.paymentPart === null) continue;
    const key = `${String(row.cartId)}@${row.createdAt.toISOString()}`;
    trips.set(key, [...(trips.get(key) ?? []), row]);
  }
  const parts = new Map<number, { trip: string; number: number; of: number }>();
  for (const trip of trips.values()) {
    const ordered = [...trip].sort((a, b) => a.id - b.id);
    const first = ordered[0]?.publicId ?? '';
    ordered.forEach((row, i) => parts.set(row.id, { trip: first, number: i + 1, of: ordered.length }));
  }
  return parts;
}

/** `lang` is the URL segment of the links, `localeCode` the language of the station names. */
export async function userBookings(
  deps: Pick<AccountsDeps, 'db' | 'now'>,
  user: UserRow,
  localeCode: string,
  lang: string,
): Promise<UserBooking[]> {
  // Account emails are stored lower-case; the checkout keeps the address as typed.
  const mine =
    user.email && user.emailVerifiedAt
      ? or(eq(bookings.userId, user.id), and(isNull(bookings.userId), eq(sql`lower(${bookings.email})`, user.email)))
      : eq(bookings.userId, user.id);
  const nowMs = deps.now().getTime();
  const rows = await deps.db.select().from(bookings).where(mine).orderBy(desc(bookings.createdAt), desc(bookings.id));
  if (!rows.length) return [];
  const fromStation = alias(stations, 'from_station');
  const toStation = alias(stations, 'to_station');
  const fromPlace = alias(places, 'from_place');
  const legs = await deps.db
    .select({
      cartId: cartItems.cartId,
      itemIndex: cartItems.position,
      legIndex: cartLegs.legIndex,
      from: fromStation.names,
      to: toStation.names,
      operator: operators.name,
      departureAt: cartLegs.departureAt,
      arrivalAt: cartLegs.arrivalAt,
      departureTimeZone: fromPlace.timeZone,
    })
    .from(cartLegs)
    .innerJoin(cartItems, eq(cartItems.id, cartLegs.cartItemId))
    .innerJoin(fromStation, eq(fromStation.id, cartLegs.fromStationId))
    .innerJoin(fromPlace, eq(fromPlace.id, fromStation.placeId))
    .innerJoin(toStation, eq(toStation.id, cartLegs.toStationId))
    .innerJoin(operators, eq(operators.id, cartLegs.operatorId))
    .where(
      inArray(
        cartItems.cartId,
        rows.map((b) => b.cartId),
      ),
    )
    .orderBy(asc(cartItems.position), asc(cartLegs.legIndex));
  const productLines = await deps.db
    .select({ cartId: cartProductLines.cartId, kind: cartProductLines.kind, line: cartProductLines.line })
    .from(cartProductLines)
    .where(
      inArray(
        cartProductLines.cartId,
        rows.map((b) => b.cartId),
      ),
    )
    .orderBy(asc(cartProductLines.position));
  const t = translatorFor(localeCode);
  const parts = partsOfTrips(rows);
  return rows.map((b) => {
    const own = legs.filter((l) => l.cartId === b.cartId && carriesLeg(b, l.itemIndex, l.legIndex));
    const part = parts.get(b.id);
    return {
      // The public id: answers never carry a booking's sequential row id.
      id: b.publicId,
      reference: b.reference,
      status: b.status,
      total: moneyOf(b.totalMinor, b.currency),
      people: b.people,
      createdAt: b.createdAt.toISOString(),
      itinerary: own.map((l) => ({
        from: l.from[localeCode] ?? l.from.en,
        to: l.to[localeCode] ?? l.to.en,
        operator: l.operator,
        departureAt: l.departureAt.toISOString(),
        arrivalAt: l.arrivalAt.toISOString(),
        departureTimeZone: l.departureTimeZone,
      })),
      products: productTicketItems(
        productLines.filter((p) => p.cartId === b.cartId && (b.partLegs === null || b.partCarriesExtras)),
        localeCode,
        t,
      ),
      tickets: isPaid(b.status) ? withCancel(ticketLinks(lang, b.id, nowMs)) : null,
      part: part ? { ...part, collector: b.paymentPart?.startsWith('operator:') ? (own[0]?.operator ?? null) : null } : null,
    };
  });
}

function withCancel(links: ReturnType<typeof ticketLinks>) {
  return { page: links.page, pdf: links.pdf, ics: links.ics, cancel: `${links.page}#cancel-title` };
}

const REVIEWABLE = new Set(['confirmed', 'paid']);

/**
 * `user/review`: trips of the traveller's own bookings that have been travelled (every leg has
 * arrived) and were not cancelled, newest first — what the review form offers.
 */
export async function reviewableTrips(deps: AccountsDeps, user: UserRow, localeCode: string, lang: string): Promise<UserBooking[]> {
  const now = deps.now().getTime();
  const all = await userBookings(deps, user, localeCode, lang);
  return all.filter((b) => REVIEWABLE.has(b.status) && b.itinerary.length > 0 && b.itinerary.every((l) => Date.parse(l.arrivalAt) <= now));
}
