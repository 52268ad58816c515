/**
 * Closing and reopening the sales of one departure (issue 22, managers): a departure is a
 * schedule on a local service date at its first stop. Closing writes a
 * `departure_sales_closures` row, its `network_audit` row (who, why, before → after) and a new
 * inventory_version in one transaction; once committed, the change is announced on the bus so
 * every server process rebuilds its search index at once. Search then treats the departure as
 * not running (src/domain/search/timetable.ts `runsOn`), so it is neither offered nor quoted for
 * a cart, and a cart that already holds it is refused when it reserves (its quote is made against
 * the index). Bookings already made keep their seats: closing sales is not cancelling.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dayNumber, isIsoDate, weekdayIndex } from '../../domain/search/dates.ts';
import type { Bus } from '../bus/bus.ts';
import { getBus } from '../bus/index.ts';
import type { Db } from '../db/client.ts';
import { departureInventory, departureSalesClosures, operators, routeStops, routes, schedules, stations } from '../db/schema.ts';
import { announceInventoryChange, bumpInventoryVersion } from '../network/inventoryVersion.ts';
import { assertMay, type StaffMember } from './access.ts';
import { networkHistory, networkHistoryLike, recordNetworkChange, type NetworkAuditRow } from './networkAudit.ts';

export const serviceDateSchema = z.string().refine(isIsoDate, { message: 'expected a date YYYY-MM-DD' });

export const departureSalesInput = z.object({
  scheduleId: z.coerce.number().int().positive(),
  serviceDate: serviceDateSchema,
  reason: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((r) => (r ? r : null)),
});
export type DepartureSalesInput = z.infer<typeof departureSalesInput>;

export type SalesChange =
  | { result: 'closed' | 'reopened'; version: number }
  | { result: 'unchanged' }
  /** No such schedule, or it does not run on that date. */
  | { result: 'unknown_departure' };

/** The audit's name for a departure: `schedule id@service date`. */
export function departureKey(scheduleId: number, serviceDate: string): string {
  return `${String(scheduleId)}@${serviceDate}`;
}

export function runsOnDate(schedule: { weekdays: number; validFrom: string; validTo: string }, serviceDate: string): boolean {
  const day = dayNumber(serviceDate);
  if (day === undefined) return false;
  return serviceDate >= schedule.validFrom && serviceDate <= schedule.validTo && (schedule.weekdays & (1 << weekdayIndex(day))) !== 0;
}

/**
 * Closes (`open: false`) or reopens (`open: true`) a departure's sales as `staff`. The schedule row
 * is locked for the change, so two managers acting at once write one change and one `unchanged`.
 * `bus` defaults to the process's; the announcement goes out only after the commit.
 */
export async function setDepartureSales(
  db: Db,
  staff: StaffMember,
  input: DepartureSalesInput,
  open: boolean,
  requestId: string | null,
  bus?: Bus,
): Promise<SalesChange> {
  assertMay(staff, open ? 'departures.reopenSales' : 'departures.closeSales');
  const { scheduleId, serviceDate, reason } = input;
  const change = await db.transaction(async (tx): Promise<SalesChange> => {
    const [schedule] = await tx
      .select({ weekdays: schedules.weekdays, validFrom: schedules.validFrom, validTo: schedules.validTo })
      .from(schedules)
      .where(eq(schedules.id, scheduleId))
      .for('update');
    if (!schedule || !runsOnDate(schedule, serviceDate)) return { result: 'unknown_departure' };
    const where = and(eq(departureSalesClosures.scheduleId, scheduleId), eq(departureSalesClosures.serviceDate, serviceDate));
    const [closure] = await tx.select().from(departureSalesClosures).where(where);
    if (open === !closure) return { result: 'unchanged' };
    const seatsSold = await soldSeats(tx, scheduleId, serviceDate);
    if (open) await tx.delete(departureSalesClosures).where(where);
    else await tx.insert(departureSalesClosures).values({ scheduleId, serviceDate, closedBy: staff.userId, reason });
    await recordNetworkChange(tx, staff, requestId, {
      entity: 'departure',
      entityKey: departureKey(scheduleId, serviceDate),
      action: open ? 'reopen_sales' : 'close_sales',
      reason,
      before: { salesOpen: !closure, seatsSold },
      after: { salesOpen: open, seatsSold },
    });
    const version = await bumpInventoryVersion(tx);
    return { result: open ? 'reopened' : 'closed', version };
  });
  if (change.result === 'closed' || change.result === 'reopened') {
    // A lost announcement only delays other processes until their periodic version check.
    await announceInventoryChange(bus ?? (await getBus()), change.version).catch(() => undefined);
  }
  return change;
}

async function soldSeats(db: Pick<Db, 'select'>, scheduleId: number, serviceDate: string): Promise<number> {
  const [row] = await db
    .select({ sold: sql<number>`coalesce(sum(${departureInventory.seatsSold}), 0)::int` })
    .from(departureInventory)
    .where(and(eq(departureInventory.scheduleId, scheduleId), eq(departureInventory.serviceDate, serviceDate)));
  return row?.sold ?? 0;
}

export interface DepartureRow {
  scheduleId: number;
  serviceDate: string;
  operatorName: string;
  routeCode: string;
  fromStation: string;
  /** Local minutes after midnight at the first stop. */
  departureMinute: number;
  seatsSold: number;
  seatsHeld: number;
  salesOpen: boolean;
}

/**
 * The departures running on a local service date, for the manager's list, optionally only those
 * whose operator name or route code contains `filter`; at most `limit`, by departure time.
 */
export async function departuresOn(db: Db, serviceDate: string, filter = '', limit = 200): Promise<DepartureRow[]> {
  const rows = await db
    .select({
      scheduleId: schedules.id,
      weekdays: schedules.weekdays,
      validFrom: schedules.validFrom,
      validTo: schedules.validTo,
      departureMinute: schedules.departureMinute,
      operatorName: operators.name,
      routeCode: routes.code,
      fromNames: stations.names,
      seatsSold: sql<number>`coalesce((select sum(i.seats_sold) from ${departureInventory} i
        where i.schedule_id = ${schedules.id} and i.service_date = ${serviceDate}), 0)::int`,
      seatsHeld: sql<number>`coalesce((select sum(i.seats_held) from ${departureInventory} i
        where i.schedule_id = ${schedules.id} and i.service_date = ${serviceDate}), 0)::int`,
      closed: sql<boolean>`exists (select 1 from ${departureSalesClosures} c
        where c.schedule_id = ${schedules.id} and c.service_date = ${serviceDate})`,
    })
    .from(schedules)
    .innerJoin(routes, eq(routes.id, schedules.routeId))
    .innerJoin(operators, eq(operators.id, routes.operatorId))
    .innerJoin(routeStops, and(eq(routeStops.routeId, routes.id), eq(routeStops.stopIndex, 0)))
    .innerJoin(stations, eq(stations.id, routeStops.stationId))
    .where(
      and(
        sql`${schedules.validFrom} <= ${serviceDate}`,
        sql`${schedules.validTo} >= ${serviceDate}`,
        filter ? sql`(${operators.name} ilike ${`%${filter}%`} or ${routes.code} ilike ${`%${filter}%`})` : undefined,
      ),
    )
    .orderBy(asc(schedules.departureMinute), asc(schedules.id));
  return rows
    .filter((r) => runsOnDate(r, serviceDate))
    .slice(0, limit)
    .map((r) => ({
      scheduleId: r.scheduleId,
      serviceDate,
      operatorName: r.operatorName,
      routeCode: r.routeCode,
      fromStation: r.fromNames.en,
      departureMinute: r.departureMinute,
      seatsSold: r.seatsSold,
      seatsHeld: r.seatsHeld,
      salesOpen: !r.closed,
    }));
}

/** A departure's sales changes, newest first (shown on the departures page). */
export function departureSalesHistory(db: Db, scheduleId: number, serviceDate: string): Promise<NetworkAuditRow[]> {
  return networkHistory(db, 'departure', departureKey(scheduleId, serviceDate));
}

/** The sales changes of every departure on a service date, newest first (the departures page's audit). */
export async function salesChangesOn(db: Db, serviceDate: string, limit = 100): Promise<(NetworkAuditRow & { scheduleId: number })[]> {
  const rows = await networkHistoryLike(db, 'departure', `%@${serviceDate}`, limit);
  return rows.map((r) => ({ ...r, scheduleId: Number(r.entityKey.split('@')[0]) }));
}
