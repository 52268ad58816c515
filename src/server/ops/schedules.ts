/**
 * Routes and their schedules as managers keep them (issue 22, /{lang}/op/routes): a route's stops
 * in order with their time offsets and its travel options; its schedules (departure time at the
 * first stop, days of the week, valid from/to); the seats of one departure.
 *
 * Every change writes its `network_audit` row (entity `schedule`, before → after) and a new
 * inventory_version in one transaction, then `inventory_changed` goes out on the bus so every
 * server process rebuilds its search index within seconds (the same way as sales.ts).
 *
 * Bookings are never moved or dropped behind the traveller's back:
 * - an edit that would move a booked departure (a new time) or stop it running (days, validity)
 *   is refused, naming how many bookings it meets;
 * - ending a schedule never deletes it: `valid_to` becomes the end date asked for, or the last
 *   date with a booking when that is later, so the booked departures still run and nothing new
 *   is sold after them (the page says which date was kept and why);
 * - a departure's seats can be raised, or lowered to no fewer than the seats sold and held (the
 *   `departure_inventory_capacity` check is the database's backstop).
 */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { HOLDING_STATUSES, PAID_STATUSES } from '../../domain/booking/lifecycle.ts';
import { addDays, dayNumber, isIsoDate } from '../../domain/search/dates.ts';
import { utcOffsetMinutes } from '../../domain/search/timetable.ts';
import type { Bus } from '../bus/bus.ts';
import { getBus } from '../bus/index.ts';
import type { Db } from '../db/client.ts';
import {
  bookings,
  cartItems,
  cartLegs,
  departureInventory,
  operators,
  places,
  routeStops,
  routes,
  schedules,
  stations,
  travelOptions,
} from '../db/schema.ts';
import { announceInventoryChange, bumpInventoryVersion } from '../network/inventoryVersion.ts';
import { assertMay, type StaffMember } from './access.ts';
import { networkHistoryOf, recordNetworkChange, type NetworkAuditRow } from './networkAudit.ts';
import { runsOnDate } from './sales.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

/** Bookings that still hold or own their seats: these departures must keep running as sold. */
const LIVE_BOOKING_STATUSES = [...HOLDING_STATUSES, ...PAID_STATUSES];

const isoDate = z.string().trim().refine(isIsoDate, { message: 'date' });
const reason = z
  .string()
  .trim()
  .max(500)
  .optional()
  .transform((r) => (r ? r : null));

/** "HH:MM" (24 h) → minutes after local midnight. */
const clockTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .transform((hhmm) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)));

/** Weekday checkboxes `weekdays[]` (0 = Monday … 6 = Sunday) → the schedule's bit mask. */
const weekdayMask = z
  .array(z.enum(['0', '1', '2', '3', '4', '5', '6']))
  .min(1)
  .transform((days) => days.reduce((mask, d) => mask | (1 << Number(d)), 0));

const scheduleFields = z.object({
  departureTime: clockTime,
  weekdays: z.preprocess((v) => (typeof v === 'string' ? [v] : (v ?? [])), weekdayMask),
  validFrom: isoDate,
  validTo: isoDate,
  reason,
});

const validityInOrder = (v: { validFrom: string; validTo: string }, ctx: z.RefinementCtx) => {
  if (v.validTo < v.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'before valid from' });
};

export const scheduleForm = scheduleFields.extend({ id: z.coerce.number().int().positive() }).superRefine(validityInOrder);
export const newScheduleForm = scheduleFields.extend({ routeId: z.coerce.number().int().positive() }).superRefine(validityInOrder);
export const endScheduleForm = z.object({ id: z.coerce.number().int().positive(), endDate: isoDate, reason });
export const departureSeatsForm = z.object({
  id: z.coerce.number().int().positive(),
  travelOptionId: z.coerce.number().int().positive(),
  serviceDate: isoDate,
  seats: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .refine((n) => n >= 0 && n <= 5000),
  reason,
});
export type ScheduleInput = z.infer<typeof scheduleForm>;
export type NewScheduleInput = z.infer<typeof newScheduleForm>;
export type EndScheduleInput = z.infer<typeof endScheduleForm>;
export type DepartureSeatsInput = z.infer<typeof departureSeatsForm>;

/** What the audit keeps of a schedule. */
export interface ScheduleFields {
  departureMinute: number;
  weekdays: number;
  validFrom: string;
  validTo: string;
}

const auditedSchedule = (s: ScheduleFields): ScheduleFields => ({
  departureMinute: s.departureMinute,
  weekdays: s.weekdays,
  validFrom: s.validFrom,
  validTo: s.validTo,
});

export interface BookedDeparture {
  serviceDate: string;
  bookings: number;
}

export type ScheduleChange =
  | { result: 'saved'; version: number }
  | { result: 'unchanged' | 'unknown' }
  /** The edit would move or cancel departures that have bookings. */
  | { result: 'booked'; bookings: number; departures: BookedDeparture[] };

export type EndScheduleChange =
  | { result: 'ended'; version: number; validTo: string; keptForBookings: number }
  | { result: 'unchanged' | 'unknown' }
  /** The end date lies in the past: the past is not rewritten. */
  | { result: 'past' };

export type SeatsChange =
  { result: 'saved'; version: number } | { result: 'unchanged' | 'unknown' } | { result: 'below_sold'; sold: number; held: number };

export type AddScheduleChange = { result: 'saved'; version: number; id: number } | { result: 'unknown' };

/**
 * The departures of a schedule from `fromDate` on that live bookings travel on, by date, with the
 * number of such bookings on each.
 */
export async function bookedDepartures(db: Reader, scheduleId: number, fromDate: string): Promise<BookedDeparture[]> {
  const rows = await db
    .select({ serviceDate: cartLegs.serviceDate, bookings: sql<number>`count(distinct ${bookings.id})::int` })
    .from(cartLegs)
    .innerJoin(cartItems, eq(cartItems.id, cartLegs.cartItemId))
    .innerJoin(bookings, eq(bookings.cartId, cartItems.cartId))
    .where(and(eq(cartLegs.scheduleId, scheduleId), gte(cartLegs.serviceDate, fromDate), inArray(bookings.status, LIVE_BOOKING_STATUSES)))
    .groupBy(cartLegs.serviceDate)
    .orderBy(asc(cartLegs.serviceDate));
  return rows;
}

/**
 * The first service date a change may touch: yesterday in UTC, so a departure still under way in
 * a time zone ahead of UTC counts as coming.
 */
export function firstOpenDate(now: Date): string {
  return addDays(now.toISOString().slice(0, 10), -1);
}

async function lockSchedule(tx: Tx, id: number) {
  const [row] = await tx.select().from(schedules).where(eq(schedules.id, id)).for('update');
  return row;
}

async function commitThenAnnounce<T extends { result: string; version?: number }>(change: T, bus?: Bus): Promise<T> {
  // A lost announcement only delays other processes until their periodic version check.
  if (change.version !== undefined) await announceInventoryChange(bus ?? (await getBus()), change.version).catch(() => undefined);
  return change;
}

/**
 * Changes a schedule's time, days and validity as `staff`. Refused (`booked`) when a departure
 * with live bookings would move (new time) or stop running (days or validity).
 */
export async function updateSchedule(
  db: Db,
  staff: StaffMember,
  input: ScheduleInput,
  now: Date,
  requestId: string | null,
  bus?: Bus,
): Promise<ScheduleChange> {
  assertMay(staff, 'schedules.save');
  const after: ScheduleFields = {
    departureMinute: input.departureTime,
    weekdays: input.weekdays,
    validFrom: input.validFrom,
    validTo: input.validTo,
  };
  const change = await db.transaction(async (tx): Promise<ScheduleChange> => {
    const current = await lockSchedule(tx, input.id);
    if (!current) return { result: 'unknown' };
    const before = auditedSchedule(current);
    if (JSON.stringify(before) === JSON.stringify(after)) return { result: 'unchanged' };
    const timeMoves = before.departureMinute !== after.departureMinute;
    const hit = (await bookedDepartures(tx, input.id, firstOpenDate(now))).filter((d) => timeMoves || !runsOnDate(after, d.serviceDate));
    if (hit.length > 0) {
      return { result: 'booked', bookings: hit.reduce((n, d) => n + d.bookings, 0), departures: hit };
    }
    await tx.update(schedules).set(after).where(eq(schedules.id, input.id));
    if (timeMoves) await moveUnsoldInventory(tx, input.id, after.departureMinute, firstOpenDate(now));
    await recordNetworkChange(tx, staff, requestId, {
      entity: 'schedule',
      entityKey: String(input.id),
      action: 'update',
      reason: input.reason,
      before: { ...before },
      after: { ...after },
    });
    return { result: 'saved', version: await bumpInventoryVersion(tx) };
  });
  return commitThenAnnounce(change, bus);
}

/** Adds a schedule to a route as `staff`. */
export async function addSchedule(
  db: Db,
  staff: StaffMember,
  input: NewScheduleInput,
  requestId: string | null,
  bus?: Bus,
): Promise<AddScheduleChange> {
  assertMay(staff, 'schedules.add');
  const fields: ScheduleFields = {
    departureMinute: input.departureTime,
    weekdays: input.weekdays,
    validFrom: input.validFrom,
    validTo: input.validTo,
  };
  const change = await db.transaction(async (tx): Promise<AddScheduleChange> => {
    const [route] = await tx.select({ id: routes.id }).from(routes).where(eq(routes.id, input.routeId)).for('update');
    if (!route) return { result: 'unknown' };
    const [added] = await tx
      .insert(schedules)
      .values({ routeId: input.routeId, ...fields })
      .returning({ id: schedules.id });
    if (!added) throw new Error('insert returned no schedule');
    await recordNetworkChange(tx, staff, requestId, {
      entity: 'schedule',
      entityKey: String(added.id),
      action: 'create',
      reason: input.reason,
      before: null,
      after: { routeId: input.routeId, ...fields },
    });
    return { result: 'saved', version: await bumpInventoryVersion(tx), id: added.id };
  });
  return commitThenAnnounce(change, bus);
}

/**
 * Ends a schedule as `staff`: its last service date becomes `endDate`, or the last date with live
 * bookings when that is later (`keptForBookings` counts them), so no booked departure disappears.
 * The schedule row stays (bookings and the audit point at it).
 */
export async function endSchedule(
  db: Db,
  staff: StaffMember,
  input: EndScheduleInput,
  now: Date,
  requestId: string | null,
  bus?: Bus,
): Promise<EndScheduleChange> {
  assertMay(staff, 'schedules.end');
  if (input.endDate < firstOpenDate(now)) return { result: 'past' };
  const change = await db.transaction(async (tx): Promise<EndScheduleChange> => {
    const current = await lockSchedule(tx, input.id);
    if (!current) return { result: 'unknown' };
    const booked = (await bookedDepartures(tx, input.id, addDays(input.endDate, 1))).filter((d) => runsOnDate(current, d.serviceDate));
    const lastBooked = booked.at(-1)?.serviceDate;
    const validTo = lastBooked && lastBooked > input.endDate ? lastBooked : input.endDate;
    if (validTo >= current.validTo) return { result: 'unchanged' };
    await tx.update(schedules).set({ validTo }).where(eq(schedules.id, input.id));
    await recordNetworkChange(tx, staff, requestId, {
      entity: 'schedule',
      entityKey: String(input.id),
      action: 'end',
      reason: input.reason,
      before: { ...auditedSchedule(current) },
      after: { ...auditedSchedule({ ...current, validTo }) },
    });
    const keptForBookings = booked.reduce((n, d) => n + d.bookings, 0);
    return { result: 'ended', version: await bumpInventoryVersion(tx), validTo, keptForBookings };
  });
  return commitThenAnnounce(change, bus);
}

/**
 * Sets the seats of one travel option on one departure as `staff`: raised freely, lowered to no
 * fewer than the seats sold and held. The departure's inventory row is created when nobody has
 * booked it yet, then locked, so a seat hold and this change take turns.
 */
export async function setDepartureSeats(
  db: Db,
  staff: StaffMember,
  input: DepartureSeatsInput,
  requestId: string | null,
  bus?: Bus,
): Promise<SeatsChange> {
  assertMay(staff, 'departures.setSeats');
  const { id: scheduleId, travelOptionId, serviceDate, seats } = input;
  const change = await db.transaction(async (tx): Promise<SeatsChange> => {
    const [departure] = await tx
      .select({
        weekdays: schedules.weekdays,
        validFrom: schedules.validFrom,
        validTo: schedules.validTo,
        departureMinute: schedules.departureMinute,
        seatsPerDeparture: travelOptions.seatsPerDeparture,
        timeZone: places.timeZone,
      })
      .from(schedules)
      .innerJoin(travelOptions, and(eq(travelOptions.routeId, schedules.routeId), eq(travelOptions.id, travelOptionId)))
      .innerJoin(routeStops, and(eq(routeStops.routeId, schedules.routeId), eq(routeStops.stopIndex, 0)))
      .innerJoin(stations, eq(stations.id, routeStops.stationId))
      .innerJoin(places, eq(places.id, stations.placeId))
      .where(eq(schedules.id, scheduleId));
    if (!departure || !runsOnDate(departure, serviceDate)) return { result: 'unknown' };
    const key = and(
      eq(departureInventory.scheduleId, scheduleId),
      eq(departureInventory.travelOptionId, travelOptionId),
      eq(departureInventory.serviceDate, serviceDate),
    );
    await tx
      .insert(departureInventory)
      .values({
        scheduleId,
        travelOptionId,
        serviceDate,
        departureAt: departureInstant(serviceDate, departure.departureMinute, departure.timeZone),
        seatsTotal: departure.seatsPerDeparture,
      })
      .onConflictDoNothing({ target: [departureInventory.scheduleId, departureInventory.travelOptionId, departureInventory.serviceDate] });
    const [row] = await tx.select().from(departureInventory).where(key).for('update');
    if (!row) throw new Error('departure inventory row missing after insert');
    if (seats < row.seatsSold + row.seatsHeld) return { result: 'below_sold', sold: row.seatsSold, held: row.seatsHeld };
    if (seats === row.seatsTotal) return { result: 'unchanged' };
    await tx.update(departureInventory).set({ seatsTotal: seats, updatedAt: new Date() }).where(key);
    await recordNetworkChange(tx, staff, requestId, {
      entity: 'schedule',
      entityKey: String(scheduleId),
      action: 'seats',
      reason: input.reason,
      before: { serviceDate, travelOptionId, seatsTotal: row.seatsTotal, seatsSold: row.seatsSold, seatsHeld: row.seatsHeld },
      after: { serviceDate, travelOptionId, seatsTotal: seats, seatsSold: row.seatsSold, seatsHeld: row.seatsHeld },
    });
    return { result: 'saved', version: await bumpInventoryVersion(tx) };
  });
  return commitThenAnnounce(change, bus);
}

/** The UTC instant of a local departure time on a service date in a time zone. */
export function departureInstant(serviceDate: string, departureMinute: number, timeZone: string): Date {
  const localAsUtcMs = ((dayNumber(serviceDate) ?? 0) * 1440 + departureMinute) * 60_000;
  return new Date(localAsUtcMs - utcOffsetMinutes(timeZone, localAsUtcMs) * 60_000);
}

/**
 * After a time change, the inventory rows of coming departures nobody has booked (rows are made
 * by the first hold, or by a seats change) carry the new departure instant.
 */
async function moveUnsoldInventory(tx: Tx, scheduleId: number, departureMinute: number, fromDate: string): Promise<void> {
  const rows = await tx
    .select({ id: departureInventory.id, serviceDate: departureInventory.serviceDate, timeZone: places.timeZone })
    .from(departureInventory)
    .innerJoin(schedules, eq(schedules.id, departureInventory.scheduleId))
    .innerJoin(routeStops, and(eq(routeStops.routeId, schedules.routeId), eq(routeStops.stopIndex, 0)))
    .innerJoin(stations, eq(stations.id, routeStops.stationId))
    .innerJoin(places, eq(places.id, stations.placeId))
    .where(and(eq(departureInventory.scheduleId, scheduleId), gte(departureInventory.serviceDate, fromDate)));
  for (const row of rows) {
    await tx
      .update(departureInventory)
      .set({ departureAt: departureInstant(row.serviceDate, departureMinute, row.timeZone) })
      .where(eq(departureInventory.id, row.id));
  }
}

// ------------------------------------------------------------------------------------------------
// Reading, for the page.
// ------------------------------------------------------------------------------------------------

export interface RouteRow {
  id: number;
  code: string;
  operatorName: string;
  vehicleClass: string;
  schedules: number;
}

/** Routes whose code or operator name contains `query`, by operator and code; at most `limit`. */
export function findRoutes(db: Db, query: string, limit = 100): Promise<RouteRow[]> {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      id: routes.id,
      code: routes.code,
      operatorName: operators.name,
      vehicleClass: routes.vehicleClass,
      schedules: sql<number>`(select count(*) from ${schedules} s where s.route_id = ${routes.id})::int`,
    })
    .from(routes)
    .innerJoin(operators, eq(operators.id, routes.operatorId))
    .where(query ? sql`(${routes.code} ilike ${pattern} or ${operators.name} ilike ${pattern})` : undefined)
    .orderBy(asc(operators.name), asc(routes.code), asc(routes.id))
    .limit(limit);
}

export interface RouteDetail extends Omit<RouteRow, 'schedules'> {
  /** The first stop's: schedule times are local there. */
  timeZone: string;
  stops: { stopIndex: number; stationNames: Record<string, string>; arrivalOffsetMin: number; departureOffsetMin: number }[];
  options: { id: number; className: string; seatsPerDeparture: number }[];
  scheduleRows: (ScheduleFields & { id: number })[];
}

/** The route a schedule belongs to (a link can name the schedule alone). */
export async function routeOfSchedule(db: Db, scheduleId: number): Promise<number | undefined> {
  const [row] = await db.select({ routeId: schedules.routeId }).from(schedules).where(eq(schedules.id, scheduleId));
  return row?.routeId;
}

/** A route with its stops in order, travel options and schedules (by departure time). */
export async function routeDetail(db: Db, id: number): Promise<RouteDetail | undefined> {
  const [route] = await db
    .select({ id: routes.id, code: routes.code, operatorName: operators.name, vehicleClass: routes.vehicleClass })
    .from(routes)
    .innerJoin(operators, eq(operators.id, routes.operatorId))
    .where(eq(routes.id, id));
  if (!route) return undefined;
  const [stops, options, scheduleRows] = await Promise.all([
    db
      .select({
        stopIndex: routeStops.stopIndex,
        stationNames: stations.names,
        arrivalOffsetMin: routeStops.arrivalOffsetMin,
        departureOffsetMin: routeStops.departureOffsetMin,
        timeZone: places.timeZone,
      })
      .from(routeStops)
      .innerJoin(stations, eq(stations.id, routeStops.stationId))
      .innerJoin(places, eq(places.id, stations.placeId))
      .where(eq(routeStops.routeId, id))
      .orderBy(asc(routeStops.stopIndex)),
    db
      .select({ id: travelOptions.id, className: travelOptions.className, seatsPerDeparture: travelOptions.seatsPerDeparture })
      .from(travelOptions)
      .where(eq(travelOptions.routeId, id))
      .orderBy(asc(travelOptions.id)),
    db
      .select({
        id: schedules.id,
        departureMinute: schedules.departureMinute,
        weekdays: schedules.weekdays,
        validFrom: schedules.validFrom,
        validTo: schedules.validTo,
      })
      .from(schedules)
      .where(eq(schedules.routeId, id))
      .orderBy(asc(schedules.departureMinute), asc(schedules.id)),
  ]);
  return {
    ...route,
    timeZone: stops[0]?.timeZone ?? 'UTC',
    stops: stops.map((s) => ({
      stopIndex: s.stopIndex,
      stationNames: s.stationNames,
      arrivalOffsetMin: s.arrivalOffsetMin,
      departureOffsetMin: s.departureOffsetMin,
    })),
    options,
    scheduleRows,
  };
}

/** The seats of each travel option on one departure of a schedule (defaults where nobody booked yet). */
export async function departureSeats(
  db: Db,
  scheduleId: number,
  serviceDate: string,
): Promise<{ travelOptionId: number; seatsTotal: number; seatsSold: number; seatsHeld: number }[]> {
  return db
    .select({
      travelOptionId: travelOptions.id,
      seatsTotal: sql<number>`coalesce(${departureInventory.seatsTotal}, ${travelOptions.seatsPerDeparture})::int`,
      seatsSold: sql<number>`coalesce(${departureInventory.seatsSold}, 0)::int`,
      seatsHeld: sql<number>`coalesce(${departureInventory.seatsHeld}, 0)::int`,
    })
    .from(schedules)
    .innerJoin(travelOptions, eq(travelOptions.routeId, schedules.routeId))
    .leftJoin(
      departureInventory,
      and(
        eq(departureInventory.scheduleId, schedules.id),
        eq(departureInventory.travelOptionId, travelOptions.id),
        eq(departureInventory.serviceDate, serviceDate),
      ),
    )
    .where(eq(schedules.id, scheduleId))
    .orderBy(asc(travelOptions.id));
}

/** The changes of a route's schedules, newest first (the audit is kept per schedule). */
export function routeScheduleHistory(db: Db, scheduleIds: readonly number[], limit = 100): Promise<NetworkAuditRow[]> {
  return networkHistoryOf(db, 'schedule', scheduleIds.map(String), limit);
}
