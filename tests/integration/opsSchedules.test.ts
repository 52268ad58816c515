/**
 * Managers keep routes' schedules and a departure's seats (issue 22, src/server/ops/schedules.ts)
 * on PGlite and PostgreSQL: a change is audited before → after, announced on the bus and in a
 * freshly loaded search index; a change that would move or cancel a booked departure is refused
 * naming the bookings; ending a schedule keeps its booked departures; seats never go below those
 * sold and held — checked in the service and, as the backstop, by the database.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import { dayNumber } from '../../src/domain/search/dates.ts';
import { seatsLeftOf } from '../../src/domain/search/timetable.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { createBus } from '../../src/server/bus/bus.ts';
import { localTransport } from '../../src/server/bus/transports.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { departureInventory, networkAudit, schedules, users } from '../../src/server/db/schema.ts';
import { OpForbidden, type StaffMember } from '../../src/server/ops/access.ts';
import { networkHistory } from '../../src/server/ops/networkAudit.ts';
import {
  addSchedule,
  departureInstant,
  departureSeats,
  departureSeatsForm,
  endSchedule,
  findRoutes,
  newScheduleForm,
  routeDetail,
  scheduleForm,
  setDepartureSeats,
  updateSchedule,
} from '../../src/server/ops/schedules.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { GUEST } from '../support/actors.ts';
import { BOAT, BUS, insertCheckoutNetwork, NOW, RETURN_BUS, TRAVEL_DATE } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

const MANAGER: StaffMember = { userId: 900, role: 'manager' };
const SUPPORT: StaffMember = { userId: 901, role: 'support' };
const NOW_DATE = new Date(NOW);
const DAILY = ['0', '1', '2', '3', '4', '5', '6'];
const FORM = { id: '3', departureTime: '09:00', 'weekdays[]': DAILY, validFrom: '2025-01-01', validTo: '2025-12-31' };

describe('the schedule forms', () => {
  it('read a time, the weekday boxes as a mask and the validity; name every failing field', () => {
    const { ['weekdays[]']: days, ...rest } = FORM;
    expect(scheduleForm.parse({ ...rest, weekdays: days, departureTime: '21:30' })).toEqual({
      id: 3,
      departureTime: 21 * 60 + 30,
      weekdays: 127,
      validFrom: '2025-01-01',
      validTo: '2025-12-31',
      reason: null,
    });
    // Monday and Sunday; one box arrives as a single value.
    expect(scheduleForm.parse({ ...rest, weekdays: ['0', '6'] }).weekdays).toBe(0b1000001);
    expect(scheduleForm.parse({ ...rest, weekdays: '2' }).weekdays).toBe(0b100);
    const refused = scheduleForm.safeParse({ ...rest, departureTime: '24:00', weekdays: [], validTo: '2024-12-31' });
    expect(new Set(refused.error?.issues.map((i) => i.path[0]))).toEqual(new Set(['departureTime', 'weekdays', 'validTo']));
    expect(
      newScheduleForm
        .safeParse({ ...rest, routeId: 'x', weekdays: ['7'] })
        .error?.issues.map((i) => i.path[0])
        .sort(),
    ).toEqual(['routeId', 'weekdays']);
    expect(departureSeatsForm.safeParse({ id: '1', travelOptionId: '1', serviceDate: TRAVEL_DATE, seats: '-1' }).success).toBe(false);
    expect(departureSeatsForm.safeParse({ id: '1', travelOptionId: '1', serviceDate: '2025-02-30', seats: '4' }).success).toBe(false);
  });

  it('puts a local departure time on the UTC clock of its time zone', () => {
    expect(departureInstant('2025-06-04', 21 * 60, 'Asia/Bangkok').toISOString()).toBe('2025-06-04T14:00:00.000Z');
    expect(departureInstant('2025-01-15', 30, 'Europe/Berlin').toISOString()).toBe('2025-01-14T23:30:00.000Z');
    expect(departureInstant('2025-07-15', 30, 'Europe/Berlin').toISOString()).toBe('2025-07-14T22:30:00.000Z');
  });
});

describe.each(DATABASES)('routes and schedules on $name', ({ name, open }) => {
  let handle: DbHandle;
  let db: Db;
  const bus = createBus(localTransport());
  const announced: number[] = [];

  /** A reservation of `seats` travellers on a booking URI (the seats are held and the booking is live). */
  async function reserve(uri: string, email: string, seats = 1) {
    const index = await loadIndex(db, NOW);
    const selections = parseAddToCartSlug(uri) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') return { ok: false as const, code: quoted };
    const hash = await createCart(db, { lang: 'en', currency: 'THB', people: seats, selections, quoted });
    return reserveCart(db, {
      hash,
      index,
      now: NOW,
      holdMinutes: 20,
      ctx: GUEST,
      email,
      passengers: Array.from({ length: seats }, (_, i) => ({ first_name: 'Ana', last_name: `Lima${String(i)}`, document_number: 'P1' })),
      addons: {},
    });
  }

  const departureOf = async (uri: string) => {
    const quoted = quoteSelections(await loadIndex(db, NOW), parseAddToCartSlug(uri) ?? [], { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') return quoted;
    return quoted[0]?.[0]?.departureAt.toISOString();
  };
  const snapshot = async () => ({
    schedules: await db.select().from(schedules).orderBy(schedules.id),
    inventory: await db.select().from(departureInventory).orderBy(departureInventory.id),
    audit: await db.select().from(networkAudit).orderBy(networkAudit.id),
  });

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 4 });
    // The fixture writes its ids by hand; the seed moves the sequences on the same way (scripts/seed/write.ts).
    await db.execute(sql`select setval(pg_get_serial_sequence('schedules', 'id'), (select max(id) from schedules))`);
    await db.insert(users).values([
      { id: MANAGER.userId, email: 'manager@example.com', name: 'Mia', role: 'manager' },
      { id: SUPPORT.userId, email: 'support@example.com', name: 'Sam', role: 'support' },
    ]);
    await bus.subscribe('inventory_changed', (m) => {
      announced.push(m.version);
    });
    // One live booking on the bus of TRAVEL_DATE (schedule 1).
    const booked = await reserve(BUS, `booked-${name}@example.com`);
    if (!booked.ok) throw new Error(booked.code);
  });

  afterAll(async () => {
    await handle.close();
  });

  it('lists routes by code or operator with their stops, options and schedules', async () => {
    expect((await findRoutes(db, 'green')).map((r) => r.code)).toEqual(['B1', 'B3']);
    expect((await findRoutes(db, 'F2'))[0]).toMatchObject({ operatorName: 'Island Boats', vehicleClass: 'ferry', schedules: 1 });
    expect(await findRoutes(db, '%')).toEqual([]);
    const route = await routeDetail(db, 1);
    expect(route).toMatchObject({
      code: 'B1',
      timeZone: 'Asia/Bangkok',
      stops: [
        { stopIndex: 0, stationNames: { en: 'Mo Chit', th: 'หมอชิต' }, arrivalOffsetMin: 0, departureOffsetMin: 0 },
        { stopIndex: 1, stationNames: { en: 'Chumphon Pier' }, arrivalOffsetMin: 420, departureOffsetMin: 420 },
      ],
      scheduleRows: [{ id: 1, departureMinute: 21 * 60, weekdays: 127, validFrom: '2025-01-01', validTo: '2025-12-31' }],
    });
    expect(await routeDetail(db, 999)).toBeUndefined();
  });

  it('a manager moves an unbooked schedule’s time: audited, announced, and search departs at the new time', async () => {
    expect(await departureOf(RETURN_BUS)).toBe('2025-06-06T02:00:00.000Z');
    const change = await updateSchedule(
      db,
      MANAGER,
      scheduleForm.parse({ ...FORM, weekdays: DAILY, departureTime: '10:15', reason: 'new timetable' }),
      NOW_DATE,
      'req-schedule-1',
      bus,
    );
    expect(change.result).toBe('saved');
    if (change.result !== 'saved') return;
    await vi.waitFor(() => {
      expect(announced).toContain(change.version);
    });
    expect(await departureOf(RETURN_BUS)).toBe('2025-06-06T03:15:00.000Z');
    expect((await networkHistory(db, 'schedule', '3'))[0]).toMatchObject({
      action: 'update',
      actorEmail: 'manager@example.com',
      reason: 'new timetable',
      requestId: 'req-schedule-1',
      before: { departureMinute: 540, weekdays: 127, validFrom: '2025-01-01', validTo: '2025-12-31' },
      after: { departureMinute: 615, weekdays: 127, validFrom: '2025-01-01', validTo: '2025-12-31' },
    });
    const again = scheduleForm.parse({ ...FORM, weekdays: DAILY, departureTime: '10:15' });
    expect(await updateSchedule(db, MANAGER, again, NOW_DATE, null, bus)).toEqual({ result: 'unchanged' });
  });

  it('refuses to move or cancel a booked departure, naming the bookings, and changes nothing', async () => {
    const before = await snapshot();
    const form = { ...FORM, id: '1', departureTime: '21:00', weekdays: DAILY };
    const refusal = { result: 'booked', bookings: 1, departures: [{ serviceDate: TRAVEL_DATE, bookings: 1 }] };
    // A new time moves it; dropping its weekday (TRAVEL_DATE is a Wednesday) or ending before it cancels it.
    expect(await updateSchedule(db, MANAGER, scheduleForm.parse({ ...form, departureTime: '22:00' }), NOW_DATE, null, bus)).toEqual(
      refusal,
    );
    const noWednesday = DAILY.filter((d) => d !== '2');
    expect(await updateSchedule(db, MANAGER, scheduleForm.parse({ ...form, weekdays: noWednesday }), NOW_DATE, null, bus)).toEqual(refusal);
    expect(await updateSchedule(db, MANAGER, scheduleForm.parse({ ...form, validTo: '2025-06-03' }), NOW_DATE, null, bus)).toEqual(refusal);
    await expect(
      updateSchedule(db, SUPPORT, scheduleForm.parse({ ...form, validTo: '2025-12-30' }), NOW_DATE, null, bus),
    ).rejects.toBeInstanceOf(OpForbidden);
    expect(await updateSchedule(db, MANAGER, scheduleForm.parse({ ...form, id: '999' }), NOW_DATE, null, bus)).toEqual({
      result: 'unknown',
    });
    expect(await snapshot()).toEqual(before);

    // A change that leaves the booked departure running is saved (no Mondays any more).
    const noMonday = DAILY.filter((d) => d !== '0');
    const kept = await updateSchedule(db, MANAGER, scheduleForm.parse({ ...form, weekdays: noMonday }), NOW_DATE, null, bus);
    expect(kept.result).toBe('saved');
    // A past booking is history: a date before yesterday does not hold the schedule.
    expect(await departureOf(BUS)).toBe('2025-06-04T14:00:00.000Z');
  });

  it('ends a schedule after its last booked date, never before it; the past is not rewritten', async () => {
    const ended = await endSchedule(db, MANAGER, { id: 1, endDate: '2025-06-02', reason: 'season over' }, NOW_DATE, null, bus);
    expect(ended).toMatchObject({ result: 'ended', validTo: TRAVEL_DATE, keptForBookings: 1 });
    expect(await departureOf(BUS)).toBe('2025-06-04T14:00:00.000Z');
    const [row] = await db.select().from(schedules).where(eq(schedules.id, 1));
    expect(row?.validTo).toBe(TRAVEL_DATE);
    expect((await networkHistory(db, 'schedule', '1'))[0]).toMatchObject({
      action: 'end',
      reason: 'season over',
      before: { validTo: '2025-12-31' },
      after: { validTo: TRAVEL_DATE },
    });
    expect(await endSchedule(db, MANAGER, { id: 1, endDate: '2025-06-30', reason: null }, NOW_DATE, null, bus)).toEqual({
      result: 'unchanged',
    });
    expect(await endSchedule(db, MANAGER, { id: 1, endDate: '2025-05-01', reason: null }, NOW_DATE, null, bus)).toEqual({ result: 'past' });

    // Unbooked: it ends on the day asked, and search stops offering it after that.
    const boat = await endSchedule(db, MANAGER, { id: 2, endDate: '2025-06-03', reason: null }, NOW_DATE, null, bus);
    expect(boat).toMatchObject({ result: 'ended', validTo: '2025-06-03', keptForBookings: 0 });
    expect(await departureOf(BOAT)).toBe('unknown_trip');
  });

  it('adds a schedule to a route that search offers at once', async () => {
    const input = newScheduleForm.parse({ ...FORM, routeId: '2', weekdays: DAILY, departureTime: '13:45', validFrom: '2025-06-04' });
    const added = await addSchedule(db, MANAGER, input, 'req-add', bus);
    expect(added.result).toBe('saved');
    if (added.result !== 'saved') return;
    const uri = `${String(added.id)}.20.30.${TRAVEL_DATE}/2`;
    expect(await departureOf(uri)).toBe('2025-06-04T06:45:00.000Z');
    expect((await networkHistory(db, 'schedule', String(added.id)))[0]).toMatchObject({
      action: 'create',
      before: null,
      after: { routeId: 2, departureMinute: 825, weekdays: 127, validFrom: '2025-06-04', validTo: '2025-12-31' },
    });
    expect(await addSchedule(db, MANAGER, { ...input, routeId: 999 }, null, bus)).toEqual({ result: 'unknown' });
  });

  it('raises a departure’s seats and lowers them to no fewer than sold and held', async () => {
    const seatsOf = async () => (await departureSeats(db, 1, TRAVEL_DATE))[0];
    expect(await seatsOf()).toEqual({ travelOptionId: 1, seatsTotal: 40, seatsSold: 0, seatsHeld: 1 });
    const set = (seats: number, date = TRAVEL_DATE) =>
      setDepartureSeats(db, MANAGER, { id: 1, travelOptionId: 1, serviceDate: date, seats, reason: null }, 'req-seats', bus);

    const before = await snapshot();
    expect(await set(0)).toEqual({ result: 'below_sold', sold: 0, held: 1 });
    expect(await set(40)).toEqual({ result: 'unchanged' });
    // Not a departure: the schedule ended on TRAVEL_DATE, and option 2 is the boat's.
    expect(await set(10, '2025-06-05')).toEqual({ result: 'unknown' });
    expect(
      await setDepartureSeats(db, MANAGER, { id: 1, travelOptionId: 2, serviceDate: TRAVEL_DATE, seats: 5, reason: null }, null, bus),
    ).toEqual({ result: 'unknown' });
    await expect(
      setDepartureSeats(db, SUPPORT, { id: 1, travelOptionId: 1, serviceDate: TRAVEL_DATE, seats: 50, reason: null }, null, bus),
    ).rejects.toBeInstanceOf(OpForbidden);
    expect(await snapshot()).toEqual(before);

    const seatsLeftInSearch = async () => seatsLeftOf(await loadIndex(db, NOW), 1, 1, dayNumber(TRAVEL_DATE) ?? 0);
    expect(await seatsLeftInSearch()).toBe(39);
    expect((await set(1)).result).toBe('saved');
    expect(await seatsOf()).toEqual({ travelOptionId: 1, seatsTotal: 1, seatsSold: 0, seatsHeld: 1 });
    // Search sees the departure full at once.
    expect(await seatsLeftInSearch()).toBe(0);
    expect((await set(3)).result).toBe('saved');
    expect(await seatsLeftInSearch()).toBe(2);
    expect((await networkHistory(db, 'schedule', '1'))[0]).toMatchObject({
      action: 'seats',
      before: { serviceDate: TRAVEL_DATE, travelOptionId: 1, seatsTotal: 1, seatsHeld: 1 },
      after: { serviceDate: TRAVEL_DATE, travelOptionId: 1, seatsTotal: 3, seatsHeld: 1 },
    });
  });

  it('a departure nobody booked yet gets its inventory row, at the schedule’s departure instant', async () => {
    const change = await setDepartureSeats(
      db,
      MANAGER,
      { id: 3, travelOptionId: 3, serviceDate: '2025-06-06', seats: 12, reason: null },
      null,
      bus,
    );
    expect(change.result).toBe('saved');
    const [row] = await db
      .select()
      .from(departureInventory)
      .where(and(eq(departureInventory.scheduleId, 3), eq(departureInventory.serviceDate, '2025-06-06')));
    // Schedule 3 left Chumphon at 10:15 since the first test.
    expect(row).toMatchObject({ seatsTotal: 12, seatsSold: 0, seatsHeld: 0 });
    expect(row?.departureAt.toISOString()).toBe('2025-06-06T03:15:00.000Z');
  });

  it('the database refuses fewer seats than sold and held, whoever writes them (the backstop)', async () => {
    // Negative control for the service's check: a write that skips it still cannot commit.
    const write = db
      .update(departureInventory)
      .set({ seatsTotal: 0 })
      .where(and(eq(departureInventory.scheduleId, 1), eq(departureInventory.serviceDate, TRAVEL_DATE)));
    await expect(write).rejects.toThrow();
    expect((await departureSeats(db, 1, TRAVEL_DATE))[0]?.seatsTotal).toBe(3);
  });

  it.runIf(name === 'postgres')('seat holds and a manager lowering the seats at once never oversell', async () => {
    // Route 3 (Chumphon → Bangkok, 40 seats): twelve travellers reserve while a manager lowers the
    // departure to 6. Either order is fine; the row lock makes them take turns, so the seats held
    // never exceed the seats there are, and the manager is told the truth when refused.
    const date = '2025-06-07';
    const [lowered, ...holds] = await Promise.all([
      setDepartureSeats(db, MANAGER, { id: 3, travelOptionId: 3, serviceDate: date, seats: 6, reason: null }, null, bus),
      ...Array.from({ length: 12 }, (_, i) => reserve(`3.20.10.${date}/3`, `race-${String(i)}@example.com`)),
    ]);
    const [row] = await db
      .select()
      .from(departureInventory)
      .where(and(eq(departureInventory.scheduleId, 3), eq(departureInventory.serviceDate, date)));
    const held = holds.filter((h) => h.ok).length;
    expect(row?.seatsHeld).toBe(held);
    expect((row?.seatsHeld ?? 0) + (row?.seatsSold ?? 0)).toBeLessThanOrEqual(row?.seatsTotal ?? 0);
    if (lowered.result === 'saved') {
      expect(row?.seatsTotal).toBe(6);
      expect(held).toBeLessThanOrEqual(6);
    } else {
      expect(lowered.result).toBe('below_sold');
      expect(row?.seatsTotal).toBe(40);
      if (lowered.result === 'below_sold') expect(lowered.held).toBeGreaterThan(6);
    }
  });
});
