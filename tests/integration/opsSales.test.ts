/**
 * Closing and reopening the sales of a departure (issue 22) on PGlite and PostgreSQL: search stops
 * offering it, a new cart cannot quote it and a cart that already holds it cannot reserve; the
 * change is audited with the manager, the reason and before → after, bumps inventory_version and
 * is announced on the bus; bookings already made keep their seats; reopening brings it back.
 * (That a second server process drops it at once: opsSales.multiprocess.test.ts.)
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import { search } from '../../src/domain/search/search.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { createBus } from '../../src/server/bus/bus.ts';
import { localTransport } from '../../src/server/bus/transports.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { departureInventory, networkAudit, users } from '../../src/server/db/schema.ts';
import { loadIndex, readInventoryVersion } from '../../src/server/search/loadIndex.ts';
import { departuresOn, departureSalesHistory, setDepartureSales } from '../../src/server/ops/sales.ts';
import { GUEST } from '../support/actors.ts';
import { BUS, insertCheckoutNetwork, NOW, TRAVEL_DATE } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

/** The night bus Bangkok → Chumphon (schedule 1) on TRAVEL_DATE. */
const BUS_DEPARTURE = { scheduleId: 1, serviceDate: TRAVEL_DATE };

function busTripsOn(index: TimetableIndex, date: string): number {
  const place = (slug: string) => index.placesBySlug.get(slug)?.id ?? -1;
  const { trips } = search(index, {
    from: { kind: 'place', id: place('bangkok') },
    to: { kind: 'place', id: place('chumphon') },
    date,
    people: 1,
    classes: 'all',
    currency: 'THB',
    now: NOW,
  });
  return trips.length;
}

describe.each(DATABASES)('departure sales on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let managerId: number;
  const bus = createBus(localTransport());
  const heard: number[] = [];

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 4 });
    const [manager] = await db.insert(users).values({ email: 'manager@example.com', role: 'manager' }).returning({ id: users.id });
    managerId = manager?.id ?? 0;
    await bus.subscribe('inventory_changed', ({ version }) => heard.push(version));
  });

  afterAll(async () => {
    await bus.close();
    await handle.close();
  });

  const manager = () => ({ userId: managerId, role: 'manager' as const });

  async function cartFor(index: TimetableIndex): Promise<string> {
    const selections = parseAddToCartSlug(BUS) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    return createCart(db, { lang: 'en', currency: 'THB', people: 1, selections, quoted });
  }

  it('closes: search stops offering the departure, carts cannot quote or reserve it, booked seats stay', async () => {
    const open = await loadIndex(db, NOW);
    expect(busTripsOn(open, TRAVEL_DATE)).toBeGreaterThan(0);
    // A traveller who booked before the closure, and one whose cart is waiting at checkout.
    const booked = await reserveCart(db, { hash: await cartFor(open), index: open, now: NOW, holdMinutes: 20, ctx: GUEST });
    if (!booked.ok) throw new Error(booked.code);
    const waiting = await cartFor(open);
    const versionBefore = await readInventoryVersion(db);

    const change = await setDepartureSales(db, manager(), { ...BUS_DEPARTURE, reason: 'engine failure' }, false, 'req-close', bus);
    expect(change.result).toBe('closed');
    const versionAfter = await readInventoryVersion(db);
    expect(versionAfter).toBe((versionBefore ?? 0) + 1);
    await vi.waitFor(() => {
      expect(heard).toContain(versionAfter);
    });

    const closed = await loadIndex(db, NOW);
    expect(busTripsOn(closed, TRAVEL_DATE)).toBe(0);
    // The day after still runs: only that departure closed.
    expect(busTripsOn(closed, '2025-06-05')).toBeGreaterThan(0);
    expect(quoteSelections(closed, parseAddToCartSlug(BUS) ?? [], { currency: 'THB', now: NOW })).toBe('unknown_trip');
    const late = await reserveCart(db, { hash: waiting, index: closed, now: NOW, holdMinutes: 20, ctx: GUEST });
    expect(late.ok).toBe(false);
    // The booking made before keeps its held seat.
    const [row] = await db
      .select({ held: departureInventory.seatsHeld })
      .from(departureInventory)
      .where(and(eq(departureInventory.scheduleId, 1), eq(departureInventory.serviceDate, TRAVEL_DATE)));
    expect(row?.held).toBe(1);

    const list = await departuresOn(db, TRAVEL_DATE);
    expect(list.find((d) => d.scheduleId === 1)).toMatchObject({ salesOpen: false, seatsHeld: 1, routeCode: 'B1' });
    expect(list.find((d) => d.scheduleId === 2)).toMatchObject({ salesOpen: true });
  });

  it('audits the change with the manager, the reason and before → after, and shows it on the departure', async () => {
    const history = await departureSalesHistory(db, 1, TRAVEL_DATE);
    expect(history[0]).toMatchObject({
      action: 'close_sales',
      actorEmail: 'manager@example.com',
      reason: 'engine failure',
      requestId: 'req-close',
      before: { salesOpen: true, seatsSold: 0 },
      after: { salesOpen: false, seatsSold: 0 },
    });
  });

  it('does nothing for a repeated close or a departure that does not run', async () => {
    const rows = (await db.select().from(networkAudit)).length;
    const version = await readInventoryVersion(db);
    expect(await setDepartureSales(db, manager(), { ...BUS_DEPARTURE, reason: null }, false, null, bus)).toEqual({ result: 'unchanged' });
    expect(await setDepartureSales(db, manager(), { scheduleId: 1, serviceDate: '2026-06-04', reason: null }, false, null, bus)).toEqual({
      result: 'unknown_departure',
    });
    expect(await setDepartureSales(db, manager(), { scheduleId: 999, serviceDate: TRAVEL_DATE, reason: null }, false, null, bus)).toEqual({
      result: 'unknown_departure',
    });
    expect(await db.select().from(networkAudit)).toHaveLength(rows);
    expect(await readInventoryVersion(db)).toBe(version);
  });

  it('reopens: search offers the departure again', async () => {
    const change = await setDepartureSales(db, manager(), { ...BUS_DEPARTURE, reason: 'repaired' }, true, null, bus);
    expect(change.result).toBe('reopened');
    expect(busTripsOn(await loadIndex(db, NOW), TRAVEL_DATE)).toBeGreaterThan(0);
    const [latest] = await departureSalesHistory(db, 1, TRAVEL_DATE);
    expect(latest).toMatchObject({ action: 'reopen_sales', before: { salesOpen: false }, after: { salesOpen: true } });
  });
});
