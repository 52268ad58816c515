/**
 * Reads the inventory tables and builds the pure timetable index (src/domain/search). Twelve
 * plain selects, no joins: the index does its own joining in memory, which is faster than
 * shipping repeated columns from the database and keeps the SQL portable. The large tables come
 * as one JSON value each (selectRowsAsJson): decoding them row by row was most of a build.
 */
import { loadRailpassCatalogue } from '../railpass/catalogue.ts';
import { gte, sql } from 'drizzle-orm';
import { buildTimetableIndex, type TimetableIndex, type TimetableRows } from '../../domain/search/timetable.ts';
import type { Db } from '../db/client.ts';
import { selectRowsAsJson } from '../db/jsonRows.ts';
import {
  departureInventory,
  departureSalesClosures,
  fxRates,
  inventoryVersion,
  operators,
  places,
  pricingRules,
  routeStops,
  routes,
  schedules,
  stations,
  travelOptions,
} from '../db/schema.ts';

export async function readInventoryVersion(db: Db): Promise<number | undefined> {
  const rows = await db.select({ version: inventoryVersion.version }).from(inventoryVersion).limit(1);
  return rows[0]?.version;
}

export async function loadTimetableRows(db: Db, nowMs: number = Date.now()): Promise<TimetableRows> {
  // Yesterday in UTC covers "today" in every Southeast Asian zone; older seat rows are history.
  const since = new Date(nowMs - 86_400_000).toISOString().slice(0, 10);
  const [
    version,
    placeRows,
    stationRows,
    operatorRows,
    routeRows,
    stopRows,
    scheduleRows,
    optionRows,
    fxRows,
    ruleRows,
    inventoryRows,
    closureRows,
  ] = await Promise.all([
    readInventoryVersion(db),
    db.select().from(places),
    selectRowsAsJson(
      db,
      {
        id: stations.id,
        slug: stations.slug,
        kind: stations.kind,
        names: stations.names,
        aliases: stations.aliases,
        lat: stations.lat,
        lon: stations.lon,
        placeId: stations.placeId,
        code: stations.code,
      },
      stations,
    ),
    db.select().from(operators),
    selectRowsAsJson(
      db,
      {
        id: routes.id,
        operatorId: routes.operatorId,
        vehicleClass: routes.vehicleClass,
        code: routes.code,
        distanceKm: routes.distanceKm,
        manualPack: routes.manualPack,
        externalPurchaseUrl: routes.externalPurchaseUrl,
      },
      routes,
    ),
    selectRowsAsJson(
      db,
      {
        routeId: routeStops.routeId,
        stopIndex: routeStops.stopIndex,
        stationId: routeStops.stationId,
        arrivalOffsetMin: routeStops.arrivalOffsetMin,
        departureOffsetMin: routeStops.departureOffsetMin,
      },
      routeStops,
    ),
    selectRowsAsJson(
      db,
      {
        id: schedules.id,
        routeId: schedules.routeId,
        departureMinute: schedules.departureMinute,
        weekdays: schedules.weekdays,
        validFrom: schedules.validFrom,
        validTo: schedules.validTo,
        timesConfirmed: schedules.timesConfirmed,
      },
      schedules,
    ),
    selectRowsAsJson(
      db,
      {
        id: travelOptions.id,
        routeId: travelOptions.routeId,
        className: travelOptions.className,
        priceMinor: travelOptions.priceMinor,
        currency: travelOptions.currency,
        seats: travelOptions.seatsPerDeparture,
        features: travelOptions.features,
        fullRefundHours: travelOptions.fullRefundHours,
        confirmation: travelOptions.confirmation,
        cutoffMin: travelOptions.bookingCutoffMin,
      },
      travelOptions,
    ),
    db.select().from(fxRates),
    db.select().from(pricingRules),
    selectRowsAsJson(
      db,
      {
        scheduleId: departureInventory.scheduleId,
        travelOptionId: departureInventory.travelOptionId,
        serviceDate: departureInventory.serviceDate,
        seatsLeft: sql<number>`(${departureInventory.seatsTotal} - ${departureInventory.seatsHeld} - ${departureInventory.seatsSold})::int`,
      },
      departureInventory,
      gte(departureInventory.serviceDate, since),
    ),
    db
      .select({ scheduleId: departureSalesClosures.scheduleId, serviceDate: departureSalesClosures.serviceDate })
      .from(departureSalesClosures)
      .where(gte(departureSalesClosures.serviceDate, since)),
  ]);
  return {
    version: version ?? 0,
    places: placeRows.map((p) => ({
      id: p.id,
      slug: p.slug,
      kind: p.kind,
      names: p.names,
      aliases: p.aliases,
      lat: p.lat,
      lon: p.lon,
      timeZone: p.timeZone,
      countryCode: p.countryCode,
      popularity: p.popularity,
    })),
    // The tables read as JSON come with just the index's columns, named as it names them.
    stations: stationRows,
    operators: operatorRows.map((o) => ({
      id: o.id,
      slug: o.slug,
      name: o.name,
      logo: o.logo,
      rating: o.rating,
      reviewCount: o.reviewCount,
      confirmation: o.confirmation,
      currency: o.currency,
      vehicleClasses: o.vehicleClasses,
    })),
    routes: routeRows,
    stops: stopRows,
    schedules: scheduleRows,
    options: optionRows,
    fx: fxRows.map((f) => ({ currency: f.currency, perUsd: f.perUsd, minorUnits: f.minorUnits })),
    rules: ruleRows.map((r) => ({
      id: r.id,
      kind: r.kind,
      operatorId: r.operatorId,
      vehicleClass: r.vehicleClass,
      minDaysAhead: r.minDaysAhead,
      discountPct: r.discountPct,
      validFrom: r.validFrom,
      validTo: r.validTo,
    })),
    inventory: inventoryRows,
    closures: closureRows,
  };
}

export async function loadIndex(db: Db, nowMs: number = Date.now()): Promise<TimetableIndex> {
  const [rows, railpasses] = await Promise.all([loadTimetableRows(db, nowMs), loadRailpassCatalogue(db)]);
  return { ...buildTimetableIndex(rows, nowMs), railpasses };
}
