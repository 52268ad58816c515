/**
 * `user/bookings`: the signed-in traveller's bookings, newest first. A guest booking made with
 * the account's verified email belongs to the traveller too (SPEC issue: "guest bookings made
 * with a verified email appear in the account"); bookings of other users never appear.
 */
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookings, cartItems, cartLegs, operators, stations } from '../db/schema.ts';
import type { AccountsDeps } from './deps.ts';
import type { UserRow } from './sessions.ts';

export interface BookingLeg {
  from: string;
  to: string;
  operator: string;
  departureAt: string;
  arrivalAt: string;
}

export interface UserBooking {
  id: number;
  reference: string;
  status: string;
  total: { value: number; fxcode: string };
  people: number;
  createdAt: string;
  itinerary: BookingLeg[];
}

export async function userBookings(deps: AccountsDeps, user: UserRow, localeCode: string): Promise<UserBooking[]> {
  const mine =
    user.email && user.emailVerifiedAt
      ? or(eq(bookings.userId, user.id), and(isNull(bookings.userId), eq(bookings.email, user.email)))
      : eq(bookings.userId, user.id);
  const rows = await deps.db.select().from(bookings).where(mine).orderBy(desc(bookings.createdAt), desc(bookings.id));
  if (!rows.length) return [];
  const fromStation = alias(stations, 'from_station');
  const toStation = alias(stations, 'to_station');
  const legs = await deps.db
    .select({
      cartId: cartItems.cartId,
      from: fromStation.names,
      to: toStation.names,
      operator: operators.name,
      departureAt: cartLegs.departureAt,
      arrivalAt: cartLegs.arrivalAt,
    })
    .from(cartLegs)
    .innerJoin(cartItems, eq(cartItems.id, cartLegs.cartItemId))
    .innerJoin(fromStation, eq(fromStation.id, cartLegs.fromStationId))
    .innerJoin(toStation, eq(toStation.id, cartLegs.toStationId))
    .innerJoin(operators, eq(operators.id, cartLegs.operatorId))
    .where(
      inArray(
        cartItems.cartId,
        rows.map((b) => b.cartId),
      ),
    )
    .orderBy(asc(cartItems.position), asc(cartLegs.legIndex));
  return rows.map((b) => ({
    id: b.id,
    reference: b.reference,
    status: b.status,
    total: { value: b.totalMinor, fxcode: b.currency },
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
      })),
  }));
}

const REVIEWABLE = new Set(['confirmed', 'paid']);

/**
 * `user/review`: trips of the traveller's own bookings that have been travelled (every leg has
 * arrived) and were not cancelled, newest first — what the review form offers.
 */
export async function reviewableTrips(deps: AccountsDeps, user: UserRow, localeCode: string): Promise<UserBooking[]> {
  const now = deps.now().getTime();
  const all = await userBookings(deps, user, localeCode);
  return all.filter((b) => REVIEWABLE.has(b.status) && b.itinerary.length > 0 && b.itinerary.every((l) => Date.parse(l.arrivalAt) <= now));
}
