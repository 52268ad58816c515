/**
 * From a parsed feed to the network it describes, and the difference to what the database holds:
 * the dry run an editor reads before anything changes.
 *
 * A departure is identified by its operator, route code, first stop, departure minute and first
 * day of service; everything else about it (stops and times, weekdays, last day, classes and
 * fares) is its content. Same identity and content: unchanged (kept with its ids, so booking
 * links and caches stay valid). Same identity, other content: changed. Only the operators the
 * feed names are compared; the rest of the network is not touched.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import {
  minorUnits,
  parseGtfsDate,
  parseGtfsTime,
  serviceRuns,
  vehicleClassOfRouteType,
  WEEKDAY_COLUMNS,
  type VehicleClass,
} from '../../domain/gtfs/format.ts';
import { haversineKm, utcOffsetMinutes } from '../../domain/search/timetable.ts';
import { slugify } from '../../domain/slug.ts';
import type { Db } from '../db/client.ts';
import {
  bookings,
  cartItems,
  cartLegs,
  countries,
  fxRates,
  operators,
  places,
  routeStops,
  routes,
  schedules,
  stations,
  travelOptions,
} from '../db/schema.ts';
import type { FeedProblem, ParsedFeed } from './feed.ts';
import { rotateWeekdays } from './export.ts';

export interface PlannedOperator {
  slug: string;
  name: string;
  countryCode: string;
  currency: string;
  logo: string;
  confirmation: 'instant' | 'manual';
  lateRefundPct: number;
  rating: number | null;
  reviewCount: number;
  vehicleClasses: VehicleClass[];
}

export interface PlannedStation {
  slug: string;
  code: string | null;
  names: { en: string } & Record<string, string>;
  aliases: string[];
  lat: number;
  lon: number;
  placeId: number;
  kind: 'bus_terminal' | 'pier' | 'airport' | 'railway_station' | 'pickup_point';
  /** The slug is another operator's station at the same spot: the feed's stops call there, and the apply leaves that station as it is. */
  keepExisting?: boolean;
}

export interface PlannedOption {
  className: string;
  priceMinor: number;
  currency: string;
  seatsPerDeparture: number;
  features: string[];
  fullRefundHours: number | null;
  confirmation: 'instant' | 'manual';
  bookingCutoffMin: number;
}

export interface PlannedDeparture {
  key: string;
  operatorSlug: string;
  vehicleClass: VehicleClass;
  code: string;
  distanceKm: number;
  stops: { stationSlug: string; arrivalOffsetMin: number; departureOffsetMin: number }[];
  departureMinute: number;
  weekdays: number;
  validFrom: string;
  validTo: string;
  timesConfirmed: boolean;
  options: PlannedOption[];
}

export interface CurrentDeparture extends PlannedDeparture {
  scheduleId: number;
  routeId: number;
}

export interface ImportPlan {
  operators: PlannedOperator[];
  stations: PlannedStation[];
  added: PlannedDeparture[];
  changed: { from: CurrentDeparture; to: PlannedDeparture }[];
  removed: CurrentDeparture[];
  unchanged: CurrentDeparture[];
  /** Bookings on departures the import would change or remove: the import refuses while there are any. */
  affectedBookings: { bookingId: number; reference: string; scheduleId: number; status: string }[];
  problems: FeedProblem[];
  unusedFiles: string[];
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Seats a class gets when the feed does not say (GTFS has no capacity). */
const DEFAULT_SEATS: Record<VehicleClass, number> = { bus: 40, van: 12, train: 300, ferry: 150, avia: 180, charter: 4 };
const KIND_OF_CLASS: Record<VehicleClass, PlannedStation['kind']> = {
  bus: 'bus_terminal',
  van: 'bus_terminal',
  charter: 'pickup_point',
  train: 'railway_station',
  ferry: 'pier',
  avia: 'airport',
};
/** A stop further than this from every place cannot be placed in a city: it is left out with a problem. */
const MAX_PLACE_DISTANCE_KM = 60;

export const departureKey = (d: Pick<PlannedDeparture, 'operatorSlug' | 'code' | 'stops' | 'departureMinute' | 'validFrom'>) =>
  [d.operatorSlug, d.code, d.stops[0]?.stationSlug ?? '', String(d.departureMinute), d.validFrom].join('|');

const content = (d: PlannedDeparture) =>
  JSON.stringify([
    d.vehicleClass,
    d.distanceKm,
    d.stops,
    d.weekdays,
    d.validTo,
    d.timesConfirmed,
    [...d.options].sort((a, b) => a.className.localeCompare(b.className)),
  ]);

const intOr = (text: string | undefined, fallback: number) => (text !== undefined && /^\d+$/.test(text) ? Number(text) : fallback);
const list = (text: string | undefined) => (text ? text.split('|').filter(Boolean) : []);

/** The network the feed describes, for its operators, as departures the database can hold. */
export async function planFromFeed(
  db: Db,
  feed: ParsedFeed,
): Promise<Omit<ImportPlan, 'added' | 'changed' | 'removed' | 'unchanged' | 'affectedBookings'> & { departures: PlannedDeparture[] }> {
  const problems = [...feed.problems];
  const { rows } = feed;
  const [placeRows, fxRows, countryRows] = await Promise.all([
    db.select({ id: places.id, slug: places.slug, lat: places.lat, lon: places.lon, countryCode: places.countryCode }).from(places),
    db.select({ currency: fxRates.currency, minorUnits: fxRates.minorUnits }).from(fxRates),
    db.select({ code: countries.code, currency: countries.currency }).from(countries),
  ]);
  const placeBySlug = new Map(placeRows.map((p) => [p.slug, p]));
  const digits = new Map(fxRows.map((f) => [f.currency, f.minorUnits]));
  const countryCurrency = new Map(countryRows.map((c) => [c.code, c.currency]));

  // Agencies: a feed with one agency may leave agency_id out.
  const agencyRows = rows['agency.txt'];
  const agencyOf = new Map(agencyRows.map((a) => [a.agency_id ?? '', a]));
  const operatorSlug = (agencyId: string | undefined) => {
    const agency = agencyOf.get(agencyId ?? '') ?? (agencyRows.length === 1 ? agencyRows[0] : undefined);
    if (!agency) return undefined;
    return agency.agency_id && SLUG.test(agency.agency_id) ? agency.agency_id : slugify(agency.agency_name);
  };

  // Stops: only boarding points (location_type 0 or empty); a station's city is its roamly_place or the nearest place.
  const stationOfStop = new Map<string, PlannedStation>();
  const translations = new Map<string, Record<string, string>>();
  for (const t of rows['translations.txt'])
    if (t.table_name === 'stops' && t.field_name === 'stop_name' && t.record_id)
      translations.set(t.record_id, { ...translations.get(t.record_id), [t.language]: t.translation });
  for (const [i, stop] of rows['stops.txt'].entries()) {
    if (stop.location_type && stop.location_type !== '0') continue;
    const named = stop.stop_name ?? stop.stop_id;
    let place = stop.roamly_place ? placeBySlug.get(stop.roamly_place) : undefined;
    if (!place) {
      let best: { p: (typeof placeRows)[number]; km: number } | undefined;
      for (const p of placeRows) {
        const km = haversineKm(p, { lat: stop.stop_lat, lon: stop.stop_lon });
        if (!best || km < best.km) best = { p, km };
      }
      if (best && best.km <= MAX_PLACE_DISTANCE_KM) place = best.p;
    }
    if (!place) {
      problems.push({
        file: 'stops.txt',
        line: i + 2,
        reason: `stop ${stop.stop_id} is more than ${String(MAX_PLACE_DISTANCE_KM)} km from every place: left out`,
      });
      continue;
    }
    stationOfStop.set(stop.stop_id, {
      slug: SLUG.test(stop.stop_id) ? stop.stop_id : slugify(`${named}-${stop.stop_id}`),
      code: stop.stop_code ?? null,
      names: { ...translations.get(stop.stop_id), en: named },
      aliases: list(stop.roamly_aliases),
      lat: stop.stop_lat,
      lon: stop.stop_lon,
      placeId: place.id,
      kind:
        (['bus_terminal', 'pier', 'airport', 'railway_station', 'pickup_point'] as const).find((k) => k === stop.roamly_kind) ??
        'bus_terminal',
    });
  }
  const zoneOfStop = new Map(rows['stops.txt'].map((s) => [s.stop_id, s.stop_timezone]));

  // Fares per route.
  const fareById = new Map(rows['fare_attributes.txt'].map((f) => [f.fare_id, f]));
  const faresOfRoute = new Map<string, PlannedOption[]>();
  for (const rule of rows['fare_rules.txt']) {
    const fare = fareById.get(rule.fare_id);
    if (!fare || !rule.route_id) continue;
    const priceMinor = minorUnits(fare.price, digits.get(fare.currency_type) ?? 2);
    if (priceMinor === undefined || priceMinor <= 0 || !digits.has(fare.currency_type)) {
      problems.push({
        file: 'fare_attributes.txt',
        reason: `fare ${fare.fare_id}: price ${fare.price} ${fare.currency_type} cannot be sold`,
      });
      continue;
    }
    faresOfRoute.set(rule.route_id, [
      ...(faresOfRoute.get(rule.route_id) ?? []),
      {
        className: fare.roamly_class_name ?? 'Standard',
        priceMinor,
        currency: fare.currency_type,
        seatsPerDeparture: intOr(fare.roamly_seats, 0),
        features: list(fare.roamly_features),
        fullRefundHours: fare.roamly_full_refund_hours === undefined ? null : intOr(fare.roamly_full_refund_hours, 24),
        confirmation: fare.roamly_confirmation ?? 'instant',
        bookingCutoffMin: intOr(fare.roamly_booking_cutoff_min, 30),
      },
    ]);
  }

  // Services: calendar ranges split by calendar_dates.
  const calendarOf = new Map(
    rows['calendar.txt'].flatMap((c) => {
      const from = parseGtfsDate(c.start_date);
      const to = parseGtfsDate(c.end_date);
      const mask = WEEKDAY_COLUMNS.reduce((m, day, i) => (c[day] === '1' ? m | (1 << i) : m), 0);
      return from && to ? [[c.service_id, { mask, from, to }] as const] : [];
    }),
  );
  const exceptions = new Map<string, { added: string[]; removed: string[] }>();
  for (const d of rows['calendar_dates.txt']) {
    const date = parseGtfsDate(d.date);
    if (!date) continue;
    const e = exceptions.get(d.service_id) ?? { added: [], removed: [] };
    (d.exception_type === '1' ? e.added : e.removed).push(date);
    exceptions.set(d.service_id, e);
  }

  const routeOf = new Map(rows['routes.txt'].map((r) => [r.route_id, r]));
  const timesOf = new Map<string, (typeof rows)['stop_times.txt']>();
  for (const st of rows['stop_times.txt']) {
    const times = timesOf.get(st.trip_id);
    if (times) times.push(st);
    else timesOf.set(st.trip_id, [st]);
  }

  const plannedOperators = new Map<string, PlannedOperator>();
  const usedStations = new Map<string, PlannedStation>();
  const departures: PlannedDeparture[] = [];
  for (const trip of rows['trips.txt']) {
    const route = routeOf.get(trip.route_id);
    const skip = (reason: string) => problems.push({ file: 'trips.txt', reason: `trip ${trip.trip_id}: ${reason}` });
    if (!route) {
      skip(`unknown route ${trip.route_id}`);
      continue;
    }
    const vehicleClass =
      (['bus', 'ferry', 'train', 'van', 'avia', 'charter'] as const).find((c) => c === route.roamly_vehicle_class) ??
      vehicleClassOfRouteType(route.route_type);
    if (!vehicleClass) {
      skip(`route type ${String(route.route_type)} is not sold here`);
      continue;
    }
    const slug = operatorSlug(route.agency_id);
    const agency = agencyOf.get(route.agency_id ?? '') ?? agencyRows[0];
    if (!slug || !agency) {
      skip(`unknown agency ${route.agency_id ?? ''}`);
      continue;
    }
    const times = [...(timesOf.get(trip.trip_id) ?? [])].sort((a, b) => a.stop_sequence - b.stop_sequence);
    const stops = times.map((t) => ({
      station: stationOfStop.get(t.stop_id),
      arr: parseGtfsTime(t.arrival_time ?? t.departure_time ?? ''),
      dep: parseGtfsTime(t.departure_time ?? t.arrival_time ?? ''),
      stopId: t.stop_id,
    }));
    if (stops.length < 2) {
      skip('fewer than two stops');
      continue;
    }
    if (stops.some((s) => !s.station)) {
      skip('a stop that was left out');
      continue;
    }
    if (stops.some((s) => s.arr === undefined || s.dep === undefined)) {
      skip('a stop without a time (interpolated times are not supported)');
      continue;
    }
    const options = (faresOfRoute.get(route.route_id) ?? []).map((o) => ({
      ...o,
      seatsPerDeparture: o.seatsPerDeparture || DEFAULT_SEATS[vehicleClass],
    }));
    if (options.length === 0) {
      skip(`route ${route.route_id} has no fare (fare_rules.txt): nothing to sell`);
      continue;
    }
    const first = stops[0];
    const startGtfs = first?.dep ?? 0;
    const firstZone = zoneOfStop.get(first?.stopId ?? '') ?? agency.agency_timezone;
    const offsets = stops.map((s) => ({
      stationSlug: s.station?.slug ?? '',
      arrivalOffsetMin: (s.arr ?? 0) - startGtfs,
      departureOffsetMin: (s.dep ?? 0) - startGtfs,
    }));
    if (
      offsets.some(
        (o, i) => o.departureOffsetMin < o.arrivalOffsetMin || (i > 0 && o.arrivalOffsetMin < (offsets[i - 1]?.departureOffsetMin ?? 0)),
      )
    ) {
      skip('times go backwards');
      continue;
    }
    const placed = stops.flatMap((s) => (s.station ? [s.station] : []));
    const distanceKm =
      intOr(route.roamly_distance_km, 0) ||
      Math.max(1, Math.round(placed.slice(1).reduce((km, s, i) => km + haversineKm(placed[i] ?? s, s), 0)));
    const code = route.route_short_name ?? route.route_long_name ?? route.route_id;
    const service = serviceRuns(
      calendarOf.get(trip.service_id),
      exceptions.get(trip.service_id)?.added ?? [],
      exceptions.get(trip.service_id)?.removed ?? [],
    );
    if (service.length === 0) {
      skip(`service ${trip.service_id} runs on no day`);
      continue;
    }
    for (const run of service) {
      // GTFS times count from the agency's service day; the network's from the first stop's midnight.
      const noon = Date.parse(`${run.from}T12:00:00Z`);
      let minute = startGtfs - (utcOffsetMinutes(agency.agency_timezone, noon) - utcOffsetMinutes(firstZone, noon));
      const dayShift = Math.floor(minute / 1440);
      minute -= dayShift * 1440;
      const from = new Date(Date.parse(`${run.from}T00:00:00Z`) + dayShift * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.parse(`${run.to}T00:00:00Z`) + dayShift * 86_400_000).toISOString().slice(0, 10);
      const departure: PlannedDeparture = {
        key: '',
        operatorSlug: slug,
        vehicleClass,
        code,
        distanceKm,
        stops: offsets,
        departureMinute: minute,
        weekdays: rotateWeekdays(run.mask, dayShift),
        validFrom: from,
        validTo: to,
        timesConfirmed: trip.roamly_times_confirmed !== '0',
        options,
      };
      departure.key = departureKey(departure);
      departures.push(departure);
    }
    for (const s of stops) if (s.station) usedStations.set(s.station.slug, s.station);
    const existing = plannedOperators.get(slug);
    if (existing) {
      if (!existing.vehicleClasses.includes(vehicleClass)) existing.vehicleClasses.push(vehicleClass);
      continue;
    }
    const countryCode = agency.roamly_country ?? placeRows.find((p) => p.id === first?.station?.placeId)?.countryCode ?? '';
    plannedOperators.set(slug, {
      slug,
      name: agency.agency_name,
      countryCode,
      currency: agency.roamly_currency ?? options[0]?.currency ?? countryCurrency.get(countryCode) ?? 'USD',
      logo: agency.roamly_logo ?? `/logos/${slug}.svg`,
      confirmation: agency.roamly_confirmation ?? 'instant',
      lateRefundPct: Math.min(100, intOr(agency.roamly_late_refund_pct, 50)),
      rating: agency.roamly_rating === undefined ? null : Number(agency.roamly_rating),
      reviewCount: intOr(agency.roamly_review_count, 0),
      vehicleClasses: [vehicleClass],
    });
  }
  // Every station kind follows the vehicles that call there when the feed does not name it.
  const namedKinds = new Set(rows['stops.txt'].flatMap((r) => (r.roamly_kind ? [stationOfStop.get(r.stop_id)?.slug ?? ''] : [])));
  for (const d of departures)
    for (const s of d.stops) {
      const station = usedStations.get(s.stationSlug);
      if (station && !namedKinds.has(station.slug)) station.kind = KIND_OF_CLASS[d.vehicleClass];
    }
  return {
    operators: [...plannedOperators.values()],
    stations: [...usedStations.values()],
    departures,
    problems,
    unusedFiles: feed.unused,
  };
}

/** The departures the database holds for some operators, in the planned shape. */
export async function currentDepartures(db: Db, operatorSlugs: readonly string[]): Promise<CurrentDeparture[]> {
  if (operatorSlugs.length === 0) return [];
  const rows = await db
    .select({ schedule: schedules, route: routes, operatorSlug: operators.slug })
    .from(schedules)
    .innerJoin(routes, eq(routes.id, schedules.routeId))
    .innerJoin(operators, eq(operators.id, routes.operatorId))
    .where(inArray(operators.slug, [...operatorSlugs]));
  const routeIds = [...new Set(rows.map((r) => r.route.id))];
  const [stopRows, optionRows] = routeIds.length
    ? await Promise.all([
        db
          .select({ stop: routeStops, slug: stations.slug })
          .from(routeStops)
          .innerJoin(stations, eq(stations.id, routeStops.stationId))
          .where(inArray(routeStops.routeId, routeIds)),
        db.select().from(travelOptions).where(inArray(travelOptions.routeId, routeIds)),
      ])
    : [[], []];
  // Grouped in one pass (copying each route's list per row was quadratic in its stops and options).
  const stopsOf = new Map(
    [...Map.groupBy(stopRows, ({ stop }) => stop.routeId)].map(([routeId, list]) => [
      routeId,
      list.map(({ stop, slug }) => ({
        stationSlug: slug,
        arrivalOffsetMin: stop.arrivalOffsetMin,
        departureOffsetMin: stop.departureOffsetMin,
        index: stop.stopIndex,
      })),
    ]),
  );
  const optionsOf = new Map(
    [...Map.groupBy(optionRows, (o) => o.routeId)].map(([routeId, list]) => [
      routeId,
      list.map((o): PlannedOption => ({
        className: o.className,
        priceMinor: o.priceMinor,
        currency: o.currency,
        seatsPerDeparture: o.seatsPerDeparture,
        features: o.features,
        fullRefundHours: o.fullRefundHours,
        confirmation: o.confirmation,
        bookingCutoffMin: o.bookingCutoffMin,
      })),
    ]),
  );
  return rows.map(({ schedule, route, operatorSlug }) => {
    const stops = (stopsOf.get(route.id) ?? [])
      .sort((a, b) => a.index - b.index)
      .map((s) => ({ stationSlug: s.stationSlug, arrivalOffsetMin: s.arrivalOffsetMin, departureOffsetMin: s.departureOffsetMin }));
    const departure: CurrentDeparture = {
      key: '',
      scheduleId: schedule.id,
      routeId: route.id,
      operatorSlug,
      vehicleClass: route.vehicleClass,
      code: route.code,
      distanceKm: route.distanceKm,
      stops,
      departureMinute: schedule.departureMinute,
      weekdays: schedule.weekdays,
      validFrom: schedule.validFrom,
      validTo: schedule.validTo,
      timesConfirmed: schedule.timesConfirmed,
      options: optionsOf.get(route.id) ?? [],
    };
    departure.key = departureKey(departure);
    return departure;
  });
}

/** Within this distance a feed's stop and another operator's station of the same slug are the same place. */
const SAME_STATION_KM = 0.5;

/**
 * A feed's stop whose slug is already a station another operator's routes call at must not
 * overwrite that station: at the same spot the feed's departures share it as it is (keepExisting);
 * elsewhere the feed's stop becomes a station of its own, `{slug}-{operator}` (noted as a problem).
 */
async function keepOtherOperatorsStations(db: Db, planned: Awaited<ReturnType<typeof planFromFeed>>): Promise<void> {
  const slugs = planned.stations.map((s) => s.slug);
  if (slugs.length === 0) return;
  const feedOperators = planned.operators.map((o) => o.slug);
  const foreign = await db
    .selectDistinct({ slug: stations.slug, lat: stations.lat, lon: stations.lon })
    .from(stations)
    .innerJoin(routeStops, eq(routeStops.stationId, stations.id))
    .innerJoin(routes, eq(routes.id, routeStops.routeId))
    .innerJoin(operators, eq(operators.id, routes.operatorId))
    .where(and(inArray(stations.slug, slugs), feedOperators.length ? notInArray(operators.slug, feedOperators) : undefined));
  if (foreign.length === 0) return;
  const renamed = new Map<string, string>();
  for (const existing of new Map(foreign.map((f) => [f.slug, f])).values()) {
    const station = planned.stations.find((s) => s.slug === existing.slug);
    if (!station) continue;
    if (haversineKm(existing, station) <= SAME_STATION_KM) {
      station.keepExisting = true;
      continue;
    }
    const operator = planned.departures.find((d) => d.stops.some((s) => s.stationSlug === station.slug))?.operatorSlug ?? 'feed';
    // The same name for the same feed every time, so importing it again changes nothing.
    const slug = `${station.slug}-${operator}`;
    planned.problems.push({
      file: 'stops.txt',
      reason: `station ${station.slug} belongs to another operator elsewhere: this feed's stop is imported as ${slug}`,
    });
    renamed.set(station.slug, slug);
    station.slug = slug;
  }
  if (renamed.size === 0) return;
  for (const d of planned.departures) {
    for (const stop of d.stops) stop.stationSlug = renamed.get(stop.stationSlug) ?? stop.stationSlug;
    d.key = departureKey(d);
  }
}

/** The dry run: what applying the feed would add, change and remove, and whose bookings it meets. */
export async function planImport(db: Db, feed: ParsedFeed): Promise<ImportPlan> {
  const planned = await planFromFeed(db, feed);
  await keepOtherOperatorsStations(db, planned);
  const current = await currentDepartures(
    db,
    planned.operators.map((o) => o.slug),
  );
  const currentByKey = new Map(current.map((d) => [d.key, d]));
  const plannedKeys = new Set<string>();
  const added: PlannedDeparture[] = [];
  const changed: ImportPlan['changed'] = [];
  const unchanged: CurrentDeparture[] = [];
  for (const d of planned.departures) {
    if (plannedKeys.has(d.key)) {
      planned.problems.push({ file: 'trips.txt', reason: `two trips are the same departure (${d.key}): the second is left out` });
      continue;
    }
    plannedKeys.add(d.key);
    const now = currentByKey.get(d.key);
    if (!now) added.push(d);
    else if (content(now) === content(d)) unchanged.push(now);
    else changed.push({ from: now, to: d });
  }
  const removed = current.filter((d) => !plannedKeys.has(d.key));
  const touched = [...removed.map((d) => d.scheduleId), ...changed.map((c) => c.from.scheduleId)];
  const affectedBookings = touched.length
    ? await db
        .selectDistinct({ bookingId: bookings.id, reference: bookings.reference, scheduleId: cartLegs.scheduleId, status: bookings.status })
        .from(cartLegs)
        .innerJoin(cartItems, eq(cartItems.id, cartLegs.cartItemId))
        .innerJoin(bookings, eq(bookings.cartId, cartItems.cartId))
        .where(inArray(cartLegs.scheduleId, touched))
    : [];
  return {
    operators: planned.operators,
    stations: planned.stations,
    added,
    changed,
    removed,
    unchanged,
    affectedBookings,
    problems: planned.problems,
    unusedFiles: planned.unusedFiles,
  };
}
