/**
 * The network as a GTFS feed (a zip of CSV files): agencies, stops, routes, trips, stop_times,
 * calendar, fares (fare_attributes, fare_rules), stop name translations and feed_info. What GTFS
 * has no field for — a station's kind and city, an operator's refund and confirmation rules, a
 * class's seats, cut-off and refund hours — travels in extra `roamly_*` columns, which other GTFS
 * consumers ignore and our import reads back (README.md lists them).
 *
 * Times: GTFS counts a trip's times from its service day in the agency's time zone, the network
 * from the first stop's local midnight. The agency's zone is the one most of its trips start in,
 * so for most trips the two agree; the others are shifted, a day back or forward with their
 * weekdays when the shift crosses midnight.
 */
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import { asc } from 'drizzle-orm';
import { gtfsDate, gtfsTime, majorUnits, ROUTE_TYPE_OF_CLASS, weekdayFlags, WEEKDAY_COLUMNS, addDays } from '../../domain/gtfs/format.ts';
import { utcOffsetMinutes } from '../../domain/search/timetable.ts';
import type { Db } from '../db/client.ts';
import { fxRates, inventoryVersion, operators, places, routeStops, routes, schedules, stations, travelOptions } from '../db/schema.ts';

export type FeedFiles = Record<string, Record<string, string>[]>;

/** A day's noon, where GTFS measures a service day's offset from. */
const noonOf = (isoDate: string) => Date.parse(`${isoDate}T12:00:00Z`);

/** Rotates a Monday-first weekday mask by whole days (a trip moved to the day before or after). */
export function rotateWeekdays(mask: number, days: number): number {
  let out = 0;
  for (let i = 0; i < 7; i++) if (mask & (1 << i)) out |= 1 << ((((i + days) % 7) + 7) % 7);
  return out;
}

/** The feed's tables as rows of text, in GTFS column names. */
export async function networkAsFeed(db: Db, options: { siteUrl: string; publishedAt?: Date }): Promise<FeedFiles> {
  const [operatorRows, stationRows, placeRows, routeRows, stopRows, scheduleRows, optionRows, fxRows, versionRows] = await Promise.all([
    db.select().from(operators).orderBy(asc(operators.id)),
    db.select().from(stations).orderBy(asc(stations.id)),
    db.select({ id: places.id, slug: places.slug, timeZone: places.timeZone }).from(places),
    db.select().from(routes).orderBy(asc(routes.id)),
    db.select().from(routeStops).orderBy(asc(routeStops.routeId), asc(routeStops.stopIndex)),
    db.select().from(schedules).orderBy(asc(schedules.id)),
    db.select().from(travelOptions).orderBy(asc(travelOptions.id)),
    db.select({ currency: fxRates.currency, minorUnits: fxRates.minorUnits }).from(fxRates),
    db.select({ version: inventoryVersion.version }).from(inventoryVersion),
  ]);
  const placeById = new Map(placeRows.map((p) => [p.id, p]));
  const stationById = new Map(stationRows.map((s) => [s.id, s]));
  const operatorById = new Map(operatorRows.map((o) => [o.id, o]));
  const digits = new Map(fxRows.map((f) => [f.currency, f.minorUnits]));
  // Grouped in one pass (copying each route's list per stop was quadratic in the stops of a route).
  const stopsOf = Map.groupBy(stopRows, (stop) => stop.routeId);
  const zoneOfStation = (id: number) => placeById.get(stationById.get(id)?.placeId ?? -1)?.timeZone ?? 'UTC';
  const firstZoneOfRoute = (routeId: number) => zoneOfStation(stopsOf.get(routeId)?.[0]?.stationId ?? -1);

  // Each agency's zone: where most of its schedules start.
  const zoneCounts = new Map<number, Map<string, number>>();
  const routeById = new Map(routeRows.map((r) => [r.id, r]));
  for (const schedule of scheduleRows) {
    const route = routeById.get(schedule.routeId);
    if (!route) continue;
    const counts = zoneCounts.get(route.operatorId) ?? new Map<string, number>();
    const zone = firstZoneOfRoute(route.id);
    counts.set(zone, (counts.get(zone) ?? 0) + 1);
    zoneCounts.set(route.operatorId, counts);
  }
  const agencyZone = (operatorId: number) =>
    [...(zoneCounts.get(operatorId) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? 'UTC';

  const files: FeedFiles = {};
  files['feed_info.txt'] = [
    {
      feed_publisher_name: 'Roamly',
      feed_publisher_url: options.siteUrl,
      feed_lang: 'en',
      feed_version: String(versionRows[0]?.version ?? 0),
      roamly_exported_at: (options.publishedAt ?? new Date()).toISOString(),
    },
  ];
  files['agency.txt'] = operatorRows.map((o) => ({
    agency_id: o.slug,
    agency_name: o.name,
    agency_url: new URL(`/en/operator/${o.slug}`, options.siteUrl).toString(),
    agency_timezone: agencyZone(o.id),
    agency_lang: 'en',
    roamly_country: o.countryCode,
    roamly_currency: o.currency,
    roamly_logo: o.logo,
    roamly_vehicle_classes: o.vehicleClasses.join('|'),
    roamly_confirmation: o.confirmation,
    roamly_late_refund_pct: String(o.lateRefundPct),
    roamly_rating: o.rating === null ? '' : String(o.rating),
    roamly_review_count: String(o.reviewCount),
  }));
  files['stops.txt'] = stationRows.map((s) => ({
    stop_id: s.slug,
    stop_code: s.code ?? '',
    stop_name: s.names.en,
    stop_lat: s.lat.toFixed(6),
    stop_lon: s.lon.toFixed(6),
    location_type: '0',
    stop_timezone: zoneOfStation(s.id),
    roamly_kind: s.kind,
    roamly_place: placeById.get(s.placeId)?.slug ?? '',
    roamly_aliases: s.aliases.join('|'),
  }));
  files['translations.txt'] = stationRows.flatMap((s) =>
    Object.entries(s.names)
      .filter(([language]) => language !== 'en')
      .map(([language, translation]) => ({ table_name: 'stops', field_name: 'stop_name', language, translation, record_id: s.slug })),
  );
  files['routes.txt'] = routeRows.map((r) => ({
    route_id: String(r.id),
    agency_id: operatorById.get(r.operatorId)?.slug ?? '',
    route_short_name: r.code,
    route_type: String(ROUTE_TYPE_OF_CLASS[r.vehicleClass]),
    roamly_vehicle_class: r.vehicleClass,
    roamly_distance_km: String(r.distanceKm),
  }));

  files['calendar.txt'] = [];
  files['trips.txt'] = [];
  files['stop_times.txt'] = [];
  for (const schedule of scheduleRows) {
    const route = routeById.get(schedule.routeId);
    const stops = stopsOf.get(schedule.routeId) ?? [];
    if (!route || stops.length < 2) continue;
    const shift =
      utcOffsetMinutes(agencyZone(route.operatorId), noonOf(schedule.validFrom)) -
      utcOffsetMinutes(firstZoneOfRoute(route.id), noonOf(schedule.validFrom));
    let start = schedule.departureMinute + shift;
    // A shift across midnight moves the trip to the agency's day before or after.
    const dayShift = start < 0 ? -1 : start >= 1440 ? 1 : 0;
    start -= dayShift * 1440;
    const serviceId = `sch${String(schedule.id)}`;
    files['calendar.txt'].push({
      service_id: serviceId,
      ...weekdayFlags(rotateWeekdays(schedule.weekdays, dayShift)),
      start_date: gtfsDate(addDays(schedule.validFrom, dayShift)),
      end_date: gtfsDate(addDays(schedule.validTo, dayShift)),
    });
    files['trips.txt'].push({
      route_id: String(route.id),
      service_id: serviceId,
      trip_id: serviceId,
      roamly_times_confirmed: schedule.timesConfirmed ? '1' : '0',
    });
    for (const stop of stops)
      files['stop_times.txt'].push({
        trip_id: serviceId,
        arrival_time: gtfsTime(start + stop.arrivalOffsetMin),
        departure_time: gtfsTime(start + stop.departureOffsetMin),
        stop_id: stationById.get(stop.stationId)?.slug ?? '',
        stop_sequence: String(stop.stopIndex),
      });
  }

  files['fare_attributes.txt'] = optionRows.map((o) => ({
    fare_id: `opt${String(o.id)}`,
    price: majorUnits(o.priceMinor, digits.get(o.currency) ?? 2),
    currency_type: o.currency,
    payment_method: '1',
    transfers: '0',
    agency_id: operatorById.get(routeById.get(o.routeId)?.operatorId ?? -1)?.slug ?? '',
    roamly_class_name: o.className,
    roamly_seats: String(o.seatsPerDeparture),
    roamly_features: o.features.join('|'),
    roamly_full_refund_hours: o.fullRefundHours === null ? '' : String(o.fullRefundHours),
    roamly_confirmation: o.confirmation,
    roamly_booking_cutoff_min: String(o.bookingCutoffMin),
  }));
  files['fare_rules.txt'] = optionRows.map((o) => ({ fare_id: `opt${String(o.id)}`, route_id: String(o.routeId) }));
  return files;
}

/** The files as CSV text (a header row of the columns every row has). */
export function feedAsCsv(files: FeedFiles): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, rows] of Object.entries(files)) {
    const columns = name === 'calendar.txt' ? ['service_id', ...WEEKDAY_COLUMNS, 'start_date', 'end_date'] : Object.keys(rows[0] ?? {});
    out[name] = stringify(rows, { header: true, columns, record_delimiter: '\n' });
  }
  return out;
}

/** The feed as a zip archive, as GTFS consumers take it. */
export async function exportFeed(db: Db, options: { siteUrl: string; publishedAt?: Date }): Promise<Uint8Array> {
  const csv = feedAsCsv(await networkAsFeed(db, options));
  return zipSync(Object.fromEntries(Object.entries(csv).map(([name, text]) => [name, strToU8(text)])), { level: 6 });
}
