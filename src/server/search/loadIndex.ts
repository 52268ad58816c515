/**
 * Reads the inventory tables and builds the pure timetable index (src/domain/search). Twelve
 * plain selects, no joins: the index does its own joining in memory, which is faster than
 * shipping repeated columns from the database and keeps the SQL portable.
 */
import { loadRailpassCatalogue } from '../railpass/catalogue.ts';
import { gte, sql } from 'drizzle-orm';
import { buildTimetableIndex, type TimetableIndex, type TimetableRows } from '../../domain/search/timetable.ts';
import type { Db } from '../db/client.ts';
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
    db.select().from(stations),
    db.select().from(operators),
    db.select().from(routes),
    db.select().from(routeStops),
    db.select().from(schedules),
    db.select().from(travelOptions),
    db.select().from(fxRates),
    db.select().from(pricingRules),
    db
      .select({
        scheduleId: departureInventory.scheduleId,
        travelOptionId: departureInventory.travelOptionId,
        serviceDate: departureInventory.serviceDate,
        seatsLeft: sql<number>`(${departureInventory.seatsTotal} - ${departureInventory.seatsHeld} - ${departureInventory.seatsSold})::int`,
      })
      .from(departureInventory)
      .where(gte(departureInventory.serviceDate, since)),
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
    stations: stationRows.map((s) => ({
      id: s.id,
      slug: s.slug,
      kind: s.kind,
      names: s.names,
      aliases: s.aliases,
      lat: s.lat,
      lon: s.lon,
      placeId: s.placeId,
      code: s.code,
    })),
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
    routes: routeRows.map((r) => ({
      id: r.id,
      operatorId: r.operatorId,
      vehicleClass: r.vehicleClass,
      code: r.code,
      distanceKm: r.distanceKm,
      manualPack: r.manualPack,
      externalPurchaseUrl: r.externalPurchaseUrl,
    })),
    stops: stopRows,
    schedules: scheduleRows,
    options: optionRows.map((o) => ({
      id: o.id,
      routeId: o.routeId,
      className: o.className,
      priceMinor: o.priceMinor,
      currency: o.currency,
      seats: o.seatsPerDeparture,
      features: o.features,
      fullRefundHours: o.fullRefundHours,
      confirmation: o.confirmation,
      cutoffMin: o.bookingCutoffMin,
    })),
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
