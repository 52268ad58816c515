/**
 * `user/bookings`: the signed-in traveller's bookings, newest first. A guest booking made with
 * the account's verified email belongs to the traveller too (SPEC issue: "guest bookings made
 * with a verified email appear in the account"); bookings of other users never appear.
 *
 * Guest bookings are matched by email at read time rather than copied onto the account: a guest
 * booking made later with the same address (signed out) shows up without a sign-in hook, and
 * an account whose address is not verified (or was changed and not yet confirmed) sees none.
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
}

/** `lang` is the URL segment of the links, `localeCode` the language of the station names. */
export async function userBookings(deps: AccountsDeps, user: UserRow, localeCode: string, lang: string): Promise<UserBooking[]> {
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
  return rows.map((b) => ({
    // The public id: answers never carry a booking's sequential row id.
    id: b.publicId,
    reference: b.reference,
    status: b.status,
    total: moneyOf(b.totalMinor, b.currency),
    people: b.people,
    createdAt: b.createdAt.toISOString(),
    itinerary: legs
      .filter((l) => l.cartId === b.cartId)
      .map((l) => ({
        from: l.from[localeCode] ?? l.from.en,
        to: l.to[localeCode] ?? l.to.en,
        operator: l.operator,
        departureAt: l.departureAt.toISOString(),
        arrivalAt: l.arrivalAt.toISOString(),
        departureTimeZone: l.departureTimeZone,
      })),
    products: productTicketItems(
      productLines.filter((p) => p.cartId === b.cartId),
      localeCode,
      t,
    ),
    tickets: isPaid(b.status) ? withCancel(ticketLinks(lang, b.id, nowMs)) : null,
  }));
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
