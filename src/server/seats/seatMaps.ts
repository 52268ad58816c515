/**
 * Seat maps of a cart's legs (issue 27): for every leg whose travel option names a vehicle, the
 * places it sells and which are taken now. A place is taken while the hold it was chosen for is
 * held (and not lapsed) or sold; the booking core frees it by releasing the hold.
 */
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { expandLayout, layoutDecksSchema, placesOf, type ExpandedDeck } from '../../domain/seats/layout.ts';
import type { Db } from '../db/client.ts';
import { departureInventory, seatAssignments, seatHolds, travelOptions, vehicleLayouts } from '../db/schema.ts';
import type { LoadedCart } from '../cart/cart.ts';

type Reader = Pick<Db, 'select'>;

export interface LegKey {
  scheduleId: number;
  travelOptionId: number;
  serviceDate: string;
}

export const legKeyOf = (leg: LegKey) => `${String(leg.scheduleId)}:${String(leg.travelOptionId)}:${leg.serviceDate}`;

export interface SeatMap {
  /** The cart leg (`cart_legs.id`) the form names when it sends this leg's seats. */
  leg: number;
  key: string;
  vehicle: string;
  decks: ExpandedDeck[];
  /** Places chosen by other bookings that still hold or bought them. */
  taken: string[];
}

/** The places chosen on these departures that are taken at `now`, by departure key. */
export async function takenSeats(reader: Reader, legs: readonly LegKey[], now: Date): Promise<Map<string, Set<string>>> {
  const taken = new Map<string, Set<string>>();
  if (legs.length === 0) return taken;
  const rows = await reader
    .select({
      scheduleId: departureInventory.scheduleId,
      travelOptionId: departureInventory.travelOptionId,
      serviceDate: departureInventory.serviceDate,
      seat: seatAssignments.seatCode,
    })
    .from(seatAssignments)
    .innerJoin(seatHolds, eq(seatHolds.id, seatAssignments.seatHoldId))
    .innerJoin(departureInventory, eq(departureInventory.id, seatAssignments.departureInventoryId))
    .where(
      and(
        or(
          ...legs.map((l) =>
            and(
              eq(departureInventory.scheduleId, l.scheduleId),
              eq(departureInventory.travelOptionId, l.travelOptionId),
              eq(departureInventory.serviceDate, l.serviceDate),
            ),
          ),
        ),
        // A lapsed hold's place is free: the next booking releases the hold under the lock.
        or(eq(seatHolds.status, 'sold'), and(eq(seatHolds.status, 'held'), gt(seatHolds.expiresAt, now))),
      ),
    );
  for (const r of rows) {
    const key = legKeyOf(r);
    const set = taken.get(key) ?? new Set<string>();
    set.add(r.seat);
    taken.set(key, set);
  }
  return taken;
}

/** The vehicle of each travel option that has one, expanded to the places the option sells. */
export async function vehiclesOfOptions(
  reader: Reader,
  optionIds: readonly number[],
): Promise<Map<number, { vehicle: string; decks: ExpandedDeck[] }>> {
  const ids = [...new Set(optionIds)];
  if (ids.length === 0) return new Map();
  const rows = await reader
    .select({ id: travelOptions.id, seats: travelOptions.seatsPerDeparture, vehicle: vehicleLayouts.code, decks: vehicleLayouts.decks })
    .from(travelOptions)
    .innerJoin(vehicleLayouts, eq(vehicleLayouts.code, travelOptions.vehicleLayout))
    .where(inArray(travelOptions.id, ids));
  return new Map(rows.map((r) => [r.id, { vehicle: r.vehicle, decks: expandLayout(layoutDecksSchema.parse(r.decks), r.seats) }]));
}

/** A seat map for every leg of the cart where the operator assigns seats; legs without one are left out. */
export async function seatMapsOfCart(reader: Reader, cart: LoadedCart, now: Date): Promise<SeatMap[]> {
  const legs = cart.items.flatMap((item) => item.legs);
  const vehicles = await vehiclesOfOptions(
    reader,
    legs.map((l) => l.travelOptionId),
  );
  const seated = legs.filter((l) => vehicles.has(l.travelOptionId));
  const taken = await takenSeats(reader, seated, now);
  return seated.map((leg) => {
    const key = legKeyOf(leg);
    const vehicle = vehicles.get(leg.travelOptionId);
    if (!vehicle) throw new Error('unreachable: seated legs have a vehicle');
    return { leg: leg.id, key, vehicle: vehicle.vehicle, decks: vehicle.decks, taken: [...(taken.get(key) ?? [])].sort() };
  });
}

/** The places a departure sells, as codes (for checking a choice names real seats). */
export function seatCodes(map: Pick<SeatMap, 'decks'>): Set<string> {
  return new Set(placesOf(map.decks).map((p) => p.code));
}

/** The places each live hold of a booking was given, by departure key (the ticket prints them). */
export async function seatsOfBooking(reader: Reader, bookingId: number): Promise<Map<string, string[]>> {
  const rows = await reader
    .select({
      scheduleId: departureInventory.scheduleId,
      travelOptionId: departureInventory.travelOptionId,
      serviceDate: departureInventory.serviceDate,
      seat: seatAssignments.seatCode,
    })
    .from(seatAssignments)
    .innerJoin(seatHolds, eq(seatHolds.id, seatAssignments.seatHoldId))
    .innerJoin(departureInventory, eq(departureInventory.id, seatAssignments.departureInventoryId))
    .where(and(eq(seatHolds.bookingId, bookingId), inArray(seatHolds.status, ['held', 'sold'])))
    .orderBy(sql`${seatAssignments.id}`);
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(legKeyOf(r), [...(out.get(legKeyOf(r)) ?? []), r.seat]);
  return out;
}
