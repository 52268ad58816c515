/**
 * Seat choice through the checkout API (issue 27, SPEC §5 seats): a seat map for the leg whose
 * operator assigns seats, the chosen places held with the booking, shown taken to the next
 * traveller, printed on the ticket, refused when taken (nothing held), and free again when the
 * hold lapses or the booking is cancelled. A leg without a map books as before.
 */
import { GUEST, staff } from '../support/actors.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookings, departureInventory } from '../../src/server/db/schema.ts';
import { createCheckoutApi, type CheckoutApi } from '../../src/server/checkout/api.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { markCounterPaid } from '../../src/server/payment/counter.ts';
import { placeOrder } from '../../src/server/payment/place.ts';
import { cancelBooking } from '../../src/server/tickets/cancel.ts';
import { loadTicketData } from '../../src/server/tickets/data.ts';
import { BOAT, BUS, BUS_THEN_BOAT, NOW } from './checkoutNetwork.ts';
import { cartFor, COACH, form, insertSeatedNetwork, reserve, seatMaps } from './seatsSupport.ts';
import { DATABASES } from './databases.ts';

const english = (key: string) => key;

describe.each(DATABASES)('seat choice on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;
  let api: CheckoutApi;

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertSeatedNetwork(db, { bus: 24, boat: 10 });
    index = await refreshSearchIndex(db);
    api = createCheckoutApi({ db, now: () => NOW, holdMinutes: 20 });
  });

  afterAll(async () => {
    await handle.close();
  });

  async function bookingByReference(reference: string) {
    const [row] = await db.select().from(bookings).where(eq(bookings.reference, reference));
    if (!row) throw new Error(`no booking ${reference}`);
    return row;
  }

  it('offers a map for the bus (the operator assigns seats) and none for the boat', async () => {
    const maps = await seatMaps(api, await cartFor(db, index, BUS_THEN_BOAT, 2));
    expect(maps).toHaveLength(1);
    const [map] = maps;
    expect(map?.vehicle).toBe(COACH);
    expect(map?.taken).toEqual([]);
    const places = map?.decks.flatMap((d) => d.rows.flatMap((r) => r.places.filter((p) => p !== null))) ?? [];
    expect(places).toHaveLength(24);
    expect(places.slice(0, 3)).toEqual([
      { code: '1A', position: 'window' },
      { code: '1B', position: 'aisle' },
      { code: '1C', position: 'window' },
    ]);
  });

  it('holds two chosen places with the booking; the next traveller sees them taken; the ticket prints them', async () => {
    const hash = await cartFor(db, index, BUS, 2);
    const [map] = await seatMaps(api, hash);
    const response = await reserve(api, hash, { form: form(2, [{ leg: map?.leg ?? 0, seats: ['1B', '1C'] }]) });
    expect(response.status).toBe(201);
    const { booking } = (await response.json()) as { booking: { reference: string } };

    const [next] = await seatMaps(api, await cartFor(db, index, BUS, 1));
    expect(next?.taken).toEqual(['1B', '1C']);
    const ticket = await loadTicketData(db, index, (await bookingByReference(booking.reference)).id, 'en', english);
    expect(ticket?.legs.map((l) => l.seats)).toEqual([['1B', '1C']]);
  });

  it('refuses a place another booking holds with 409 seat_taken naming it, and holds nothing', async () => {
    const before = await db.select().from(departureInventory);
    const bookingsBefore = (await db.select().from(bookings)).length;
    const hash = await cartFor(db, index, BUS, 2);
    const [map] = await seatMaps(api, hash);
    const response = await reserve(api, hash, { form: form(2, [{ leg: map?.leg ?? 0, seats: ['1C', '2A'] }]) });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; seats: string[]; message: string } };
    expect(body.error).toMatchObject({ code: 'seat_taken', seats: ['1C'] });
    expect(body.error.message).toMatch(/taken/);
    expect(await db.select().from(departureInventory)).toEqual(before);
    expect(await db.select().from(bookings)).toHaveLength(bookingsBefore);
    // 2A was not taken by the refused attempt.
    const [again] = await seatMaps(api, hash);
    expect(again?.taken).toEqual(['1B', '1C']);
  });

  it('answers the SPEC §5 seat messages: empty selection, not enough seats, a place the vehicle does not sell', async () => {
    const hash = await cartFor(db, index, BUS_THEN_BOAT, 2);
    const [map] = await seatMaps(api, hash);
    const leg = map?.leg ?? 0;
    const fieldsOf = async (seats: string[], onLeg = leg) => {
      const response = await reserve(api, hash, { form: form(2, [{ leg: onLeg, seats }]) });
      expect(response.status).toBe(422);
      return ((await response.json()) as { error: { code: string; fields: Record<string, string[]> } }).error;
    };
    expect(await fieldsOf([])).toMatchObject({ code: 'invalid_booking_form', fields: { 'seats.0': ['field-error-seats-empty'] } });
    expect((await fieldsOf(['3A'])).fields).toEqual({ 'seats.0': ['field-error-seats-not-enough'] });
    // Row 9 exists in the coach, but the class sells only the first 24 places (rows 1–8).
    expect((await fieldsOf(['9A', '9B'])).fields).toEqual({ 'seats.0': ['field-error-seat-unknown'] });
    // A leg without a map (the boat) takes no places.
    expect((await fieldsOf(['1A', '1B'], leg + 1)).fields).toEqual({ 'seats.0': ['field-error-seat-unknown'] });
  });

  it('frees the places when the hold lapses: a later traveller can choose them', async () => {
    const hash = await cartFor(db, index, BUS, 2);
    const [map] = await seatMaps(api, hash);
    expect((await reserve(api, hash, { form: form(2, [{ leg: map?.leg ?? 0, seats: ['5B', '5C'] }]) })).status).toBe(201);
    const later = createCheckoutApi({ db, now: () => NOW + 21 * 60_000, holdMinutes: 20 });
    const other = await cartFor(db, index, BUS, 2);
    const [seen] = await seatMaps(later, other);
    expect(seen?.taken).not.toContain('5B');
    expect((await reserve(later, other, { form: form(2, [{ leg: seen?.leg ?? 0, seats: ['5B', '5C'] }]) })).status).toBe(201);
    const [after] = await seatMaps(later, await cartFor(db, index, BUS, 1));
    expect(after?.taken).toEqual(expect.arrayContaining(['5B', '5C']));
  });

  it('frees the places when a paid booking is cancelled, and the ticket stops printing them', async () => {
    const hash = await cartFor(db, index, BUS, 2);
    const [map] = await seatMaps(api, hash);
    const response = await reserve(api, hash, { form: form(2, [{ leg: map?.leg ?? 0, seats: ['7A', '8A'] }]) });
    const booking = await bookingByReference(((await response.json()) as { booking: { reference: string } }).booking.reference);
    const order = await placeOrder(db, { bookingId: booking.id, paygate: 'counter', origin: 'http://shop.test', now: NOW, ctx: GUEST });
    if (!order.ok) throw new Error(order.code);
    expect((await markCounterPaid(db, order.providerRef, NOW, staff(1))).result).toBe('confirmed');
    expect((await loadTicketData(db, index, booking.id, 'en', english))?.legs[0]?.seats).toEqual(['7A', '8A']);
    const [paid] = await seatMaps(api, await cartFor(db, index, BUS, 1));
    expect(paid?.taken).toEqual(expect.arrayContaining(['7A', '8A']));

    expect((await cancelBooking(db, booking.id, new Date(NOW), GUEST)).ok).toBe(true);
    const [cancelled] = await seatMaps(api, await cartFor(db, index, BUS, 1));
    expect(cancelled?.taken).not.toContain('7A');
    expect(cancelled?.taken).not.toContain('8A');
    expect((await loadTicketData(db, index, booking.id, 'en', english))?.legs[0]?.seats).toEqual([]);
  });

  it('books a leg without a seat map as before, with no places', async () => {
    const hash = await cartFor(db, index, BOAT, 2);
    expect(await seatMaps(api, hash)).toEqual([]);
    expect((await reserve(api, hash, { form: form(2) })).status).toBe(201);
  });
});
