/**
 * Two buyers, one place (issue 27), on PostgreSQL only (PGlite serialises everything). Buyers who
 * all want seat 1A of the same departure submit at once: exactly one gets it, every other is
 * told `seat_taken`, and the place belongs to one live hold. Chosen places are checked and
 * written under the inventory row lock of the booking core; the negative control runs the same
 * race without that lock and observes the place given to more than one booking.
 */
import { GUEST } from '../support/actors.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { departureInventory, seatAssignments, seatHolds } from '../../src/server/db/schema.ts';
import { reserveCart, type ReserveResult } from '../../src/server/booking/reserve.ts';
import { holdProbe } from '../../src/server/booking/lifecycle/hold.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { createCheckoutApi } from '../../src/server/checkout/api.ts';
import { BUS, NOW } from './checkoutNetwork.ts';
import { cartFor, form, insertSeatedNetwork, reserve, seatMaps } from './seatsSupport.ts';
import { DATABASES } from './databases.ts';

const postgres = DATABASES.find((d) => d.name === 'postgres');
if (!postgres) console.log('Seat choice race tests SKIPPED: they need PostgreSQL (set TEST_DATABASE_URL).');

const BUYERS = 12;

describe.skipIf(!postgres)('two buyers, one place (PostgreSQL)', () => {
  let handle: DbHandle;
  let index: TimetableIndex;

  beforeAll(async () => {
    if (!postgres) return;
    handle = await postgres.open();
    await insertSeatedNetwork(handle.db, { bus: 24, boat: 10 });
    index = await refreshSearchIndex(handle.db);
  });

  afterAll(async () => {
    await handle.close();
  });

  /**
   * Every buyer's cart is made first, so that the reservations meet each other; each buyer that
   * finds the place free waits there until all have arrived or 200 ms passed (holdProbe), so the
   * race does not depend on timing: under the lock the others wait behind it and then see the
   * place taken; without it they all pass the check together.
   */
  async function race(date: string, seat: string, lockInventory: boolean): Promise<ReserveResult[]> {
    const slug = BUS.replace('2025-06-04', date);
    const hashes: string[] = [];
    for (let i = 0; i < BUYERS; i++) hashes.push(await cartFor(handle.db, index, slug, 1));
    let arrived = 0;
    let everyone: () => void = () => undefined;
    const allArrived = new Promise<void>((resolve) => (everyone = resolve));
    holdProbe.afterSeatCheck = async () => {
      if (++arrived === BUYERS) everyone();
      await Promise.race([allArrived, new Promise((resolve) => setTimeout(resolve, 200))]);
    };
    return Promise.all(
      hashes.map((hash) =>
        reserveCart(handle.db, {
          hash,
          index,
          now: NOW,
          holdMinutes: 20,
          ctx: GUEST,
          lockInventory,
          seats: [{ scheduleId: 1, travelOptionId: 1, serviceDate: date, seats: [seat] }],
        }),
      ),
    ).finally(() => {
      holdProbe.afterSeatCheck = undefined;
    });
  }

  /** Live holds (held or sold) that were given `seat` on the bus departure of `date`. */
  async function holdersOf(date: string, seat: string): Promise<number> {
    const rows = await handle.db
      .select({ hold: seatAssignments.seatHoldId })
      .from(seatAssignments)
      .innerJoin(seatHolds, eq(seatHolds.id, seatAssignments.seatHoldId))
      .innerJoin(departureInventory, eq(departureInventory.id, seatAssignments.departureInventoryId))
      .where(
        and(eq(seatAssignments.seatCode, seat), eq(departureInventory.serviceDate, date), inArray(seatHolds.status, ['held', 'sold'])),
      );
    return rows.length;
  }

  it(`${String(BUYERS)} buyers for seat 1A at once: one gets it, the others a clear seat_taken`, async () => {
    const results = await race('2025-06-04', '1A', true);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.code === 'seat_taken')).toHaveLength(BUYERS - 1);
    for (const r of results) if (!r.ok && r.code === 'seat_taken') expect(r.seats).toEqual(['1A']);
    expect(await holdersOf('2025-06-04', '1A')).toBe(1);
    // The refused buyers held nothing: the row counts exactly the one booking's passenger.
    const [row] = await handle.db.select().from(departureInventory).where(eq(departureInventory.serviceDate, '2025-06-04'));
    expect(row?.seatsHeld).toBe(1);
  });

  it('through the API: two travellers submit the same place, one 201 and one 409 seat_taken, no 5xx', async () => {
    const api = createCheckoutApi({ db: handle.db, now: () => NOW, holdMinutes: 20 });
    const slug = BUS.replace('2025-06-04', '2025-06-06');
    const first = await cartFor(handle.db, index, slug, 1);
    const second = await cartFor(handle.db, index, slug, 1);
    const [map] = await seatMaps(api, first);
    const leg = (hash: string) => seatMaps(api, hash).then(([m]) => m?.leg ?? 0);
    const responses = await Promise.all([
      reserve(api, first, { form: form(1, [{ leg: map?.leg ?? 0, seats: ['2C'] }]) }),
      reserve(api, second, { form: form(1, [{ leg: await leg(second), seats: ['2C'] }]) }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = responses.find((r) => r.status === 409);
    expect(((await refused?.json()) as { error: { code: string } }).error.code).toBe('seat_taken');
    expect(await holdersOf('2025-06-06', '2C')).toBe(1);
  });

  it('NEGATIVE CONTROL: without the row lock the same race gives the place to more than one booking', async () => {
    const results = await race('2025-06-05', '1A', false);
    const granted = results.filter((r) => r.ok).length;
    const holders = await holdersOf('2025-06-05', '1A');
    console.log(
      `negative control: seat 1A granted to ${String(granted)} of ${String(BUYERS)} buyers, ${String(holders)} live holds own it`,
    );
    expect(holders).toBeGreaterThan(1);
  });
});
