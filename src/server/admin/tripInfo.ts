/**
 * SPEC §7 `admin/tripinfo` (issue 22): everything Support needs to answer "why can't I find / book
 * this trip?" — for each leg of a trip key (the `key` of a search result), the schedule, stops,
 * fares, seats per class, live holds and sales closure, read from the database, and the reasons the
 * search shows or hides it, worked out from those rows; beside it, what this process's search index
 * answers for the same key (it may be older than the database until its next reload).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { dayNumber } from '../../domain/search/dates.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { tripInfo } from '../../domain/search/tripInfo.ts';
import { localDateTime } from '../../domain/search/trips.ts';
import { ApiError } from '../api/errors.ts';
import type { Db } from '../db/client.ts';
import {
  departureInventory,
  departureSalesClosures,
  operators,
  places,
  routeStops,
  routes,
  schedules,
  seatHolds,
  stations,
  travelOptions,
} from '../db/schema.ts';
import { readInventoryVersion } from '../search/loadIndex.ts';
import { runsOnDate } from '../ops/sales.ts';
import { assertMay, type StaffMember } from '../ops/access.ts';

const LEG_KEY = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})\.(\d{4}-\d{2}-\d{2})$/;

export const adminTripInfoQuery = z.object({
  key: z
    .string()
    .max(400)
    .refine((key) => key.split('~').every((leg) => LEG_KEY.test(leg) && dayNumber(leg.slice(-10)) !== undefined), {
      message: 'expected scheduleId.boardStationId.alightStationId.YYYY-MM-DD per leg, joined by ~',
    }),
});

/**
 * Why a leg is not shown or not bookable, in the order Support checks them. `hidden` reasons take
 * the trip out of search; the others leave it listed but not bookable.
 */
export const LEG_REASONS = {
  not_running: 'hidden',
  sales_closed: 'hidden',
  departed: 'hidden',
  index_stale: 'hidden',
  external_only: 'not_bookable',
  booking_cut_off: 'not_bookable',
  sold_out: 'not_bookable',
} as const;
export type LegReason = keyof typeof LEG_REASONS;

interface ParsedLeg {
  scheduleId: number;
  boardStationId: number;
  alightStationId: number;
  serviceDate: string;
}

function parseLegs(key: string): ParsedLeg[] {
  return key.split('~').map((leg) => {
    const m = LEG_KEY.exec(leg);
    if (!m) throw new ApiError('invalid_admin_input', { fields: { key: ['invalid'] } });
    return { scheduleId: Number(m[1]), boardStationId: Number(m[2]), alightStationId: Number(m[3]), serviceDate: m[4] ?? '' };
  });
}

async function legFacts(db: Db, index: TimetableIndex, leg: ParsedLeg, now: number) {
  const [row] = await db
    .select({ schedule: schedules, route: routes, operator: { id: operators.id, name: operators.name, slug: operators.slug } })
    .from(schedules)
    .innerJoin(routes, eq(routes.id, schedules.routeId))
    .innerJoin(operators, eq(operators.id, routes.operatorId))
    .where(eq(schedules.id, leg.scheduleId));
  if (!row) throw new ApiError('unknown_trip');
  const { schedule, route, operator } = row;
  const stops = await db
    .select({
      index: routeStops.stopIndex,
      stationId: routeStops.stationId,
      arr: routeStops.arrivalOffsetMin,
      dep: routeStops.departureOffsetMin,
      names: stations.names,
      timeZone: places.timeZone,
    })
    .from(routeStops)
    .innerJoin(stations, eq(stations.id, routeStops.stationId))
    .innerJoin(places, eq(places.id, stations.placeId))
    .where(eq(routeStops.routeId, route.id))
    .orderBy(routeStops.stopIndex);
  const board = stops.findIndex((s) => s.stationId === leg.boardStationId);
  const alight = stops.findIndex((s, i) => i > board && s.stationId === leg.alightStationId);
  if (board < 0 || alight < 0) throw new ApiError('unknown_trip');
  // Times: the schedule's minute is local at the first stop; the index knows each station's offset.
  const offsetOf = (stationId: number) => index.stations.get(stationId)?.utcOffsetMin ?? 0;
  const firstStop = stops[0];
  const serviceDay = dayNumber(leg.serviceDate) ?? 0;
  const start = serviceDay * 1440 + schedule.departureMinute - offsetOf(firstStop?.stationId ?? 0);
  const depAbs = start + (stops[board]?.dep ?? 0);
  const options = await db.select().from(travelOptions).where(eq(travelOptions.routeId, route.id)).orderBy(travelOptions.id);
  const inventory = await db
    .select()
    .from(departureInventory)
    .where(and(eq(departureInventory.scheduleId, schedule.id), eq(departureInventory.serviceDate, leg.serviceDate)));
  const holds = inventory.length
    ? await db
        .select({
          bookingId: seatHolds.bookingId,
          inventoryId: seatHolds.departureInventoryId,
          seats: seatHolds.seats,
          expiresAt: seatHolds.expiresAt,
        })
        .from(seatHolds)
        .where(
          and(
            inArray(
              seatHolds.departureInventoryId,
              inventory.map((i) => i.id),
            ),
            eq(seatHolds.status, 'held'),
          ),
        )
    : [];
  const [closure] = await db
    .select()
    .from(departureSalesClosures)
    .where(and(eq(departureSalesClosures.scheduleId, schedule.id), eq(departureSalesClosures.serviceDate, leg.serviceDate)));

  const nowMin = Math.floor(now / 60_000);
  const classes = options.map((option) => {
    const row = inventory.find((i) => i.travelOptionId === option.id);
    const total = row?.seatsTotal ?? option.seatsPerDeparture;
    const held = row?.seatsHeld ?? 0;
    const sold = row?.seatsSold ?? 0;
    const optionHolds = row ? holds.filter((h) => h.inventoryId === row.id) : [];
    return {
      travel_option_id: option.id,
      class: option.className,
      fare: { minor: option.priceMinor, currency: option.currency, of: 'whole route' as const },
      booking_cutoff_min: option.bookingCutoffMin,
      sales_open_until: new Date((depAbs - option.bookingCutoffMin) * 60_000).toISOString(),
      open: nowMin <= depAbs - option.bookingCutoffMin,
      seats: { total, held, sold, left: total - held - sold, row_created: row !== undefined },
      holds: optionHolds.map((h) => ({
        booking_id: h.bookingId,
        seats: h.seats,
        expires_at: h.expiresAt.toISOString(),
        // A lapsed hold still counts until the sweep returns its seats.
        lapsed: h.expiresAt.getTime() <= now,
      })),
    };
  });

  const runs = runsOnDate(schedule, leg.serviceDate);
  const reasons: LegReason[] = [];
  if (!runs) reasons.push('not_running');
  if (closure) reasons.push('sales_closed');
  const departed = depAbs <= nowMin;
  if (departed) reasons.push('departed');
  if (route.externalPurchaseUrl) reasons.push('external_only');
  // After departure the cut-off says nothing more.
  if (!departed && classes.length > 0 && classes.every((c) => !c.open)) reasons.push('booking_cut_off');
  if (classes.length > 0 && classes.every((c) => c.seats.left <= 0)) reasons.push('sold_out');

  return {
    schedule_id: schedule.id,
    service_date: leg.serviceDate,
    operator,
    route: { id: route.id, code: route.code, vehicle_class: route.vehicleClass, external_purchase_url: route.externalPurchaseUrl },
    schedule: {
      departure_minute: schedule.departureMinute,
      weekdays: schedule.weekdays,
      valid_from: schedule.validFrom,
      valid_to: schedule.validTo,
      runs_on_date: runs,
    },
    stops: stops.slice(board, alight + 1).map((s) => ({
      station_id: s.stationId,
      name: s.names.en,
      time_zone: s.timeZone,
      arr_time: localDateTime(start + s.arr, offsetOf(s.stationId)),
      dep_time: localDateTime(start + s.dep, offsetOf(s.stationId)),
    })),
    departure_at: new Date(depAbs * 60_000).toISOString(),
    sales_closure: closure ? { closed_at: closure.closedAt.toISOString(), reason: closure.reason, closed_by: closure.closedBy } : null,
    classes,
    reasons,
  };
}

export type AdminTripInfo = Awaited<ReturnType<typeof adminTripInfo>>;

export async function adminTripInfo(db: Db, staff: StaffMember, index: TimetableIndex, key: string, now: number) {
  assertMay(staff, 'admin.tripinfo');
  const legs = [];
  for (const leg of parseLegs(key)) legs.push(await legFacts(db, index, leg, now));
  const databaseVersion = (await readInventoryVersion(db)) ?? null;
  // What travellers get from this process right now (the index may lag the database by seconds).
  const inIndex = tripInfo(index, key, { people: 1, currency: legs[0]?.classes[0]?.fare.currency ?? 'USD', now, code: 'en' });
  const hiddenInDb = legs.some((l) => l.reasons.some((r) => LEG_REASONS[r] === 'hidden'));
  // The database says it runs and sells, but this process's index does not have it: a reload is due.
  if (!hiddenInDb && !inIndex) for (const leg of legs) leg.reasons.push('index_stale');
  // A connection cannot include a leg sold only on its operator's own site.
  const externalInConnection = legs.length > 1 && legs.some((l) => l.reasons.includes('external_only'));
  const reasons = [...new Set(legs.flatMap((l) => l.reasons))];
  const shown = !externalInConnection && !reasons.some((r) => LEG_REASONS[r] === 'hidden');
  return {
    key,
    shown_in_search: shown,
    bookable: shown && reasons.length === 0,
    reasons: externalInConnection ? [...reasons, 'external_in_connection' as const] : reasons,
    legs,
    search_index: {
      version: index.version,
      database_version: databaseVersion,
      has_trip: inIndex !== undefined,
      bookable: inIndex?.trip.params.is_bookable ?? null,
      min_price: inIndex?.trip.min_price ?? null,
    },
  };
}
