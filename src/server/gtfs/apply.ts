/**
 * Applying an import plan in one transaction: operators and stations upserted by slug, removed
 * and changed departures taken out, added and changed ones written (routes shared by departures
 * with the same stops, times and fares), routes left without departures dropped, and
 * inventory_version bumped — then every server process is told (src/server/bus) and rebuilds
 * its search index.
 *
 * A departure with bookings is never deleted: the plan lists them and the apply refuses while
 * there are any (checked again inside the transaction, under lock, so a booking made between
 * the dry run and the apply is not lost). Unbooked carts that hold a removed departure lose that
 * trip; the traveller sees it gone and searches again.
 */
import { and, eq, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bookings, cartItems, cartLegs, operators, routeStops, routes, schedules, stations, travelOptions } from '../db/schema.ts';
import type { Bus } from '../bus/bus.ts';
import { announceInventoryChange, bumpInventoryVersion } from '../network/inventoryVersion.ts';
import type { ImportPlan, PlannedDeparture } from './plan.ts';

export class ImportRefused extends Error {
  readonly bookings: ImportPlan['affectedBookings'];
  constructor(bookings: ImportPlan['affectedBookings']) {
    super(`the import would change or remove ${String(bookings.length)} booked departure(s)`);
    this.bookings = bookings;
  }
}

export interface ImportResult {
  version: number;
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
}

const routeSignature = (operatorId: number, d: PlannedDeparture) =>
  JSON.stringify([
    operatorId,
    d.vehicleClass,
    d.code,
    d.distanceKm,
    d.stops,
    [...d.options].sort((a, b) => a.className.localeCompare(b.className)),
  ]);

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ApplyOptions {
  bus?: Bus;
  /**
   * Runs in the import's own transaction once the network is written, with what was done: the
   * caller's record of the import (who applied which file) commits or rolls back with it.
   */
  inTransaction?: (tx: Tx, result: ImportResult) => Promise<void>;
}

export async function applyImport(db: Db, plan: ImportPlan, options: ApplyOptions = {}): Promise<ImportResult> {
  if (plan.affectedBookings.length > 0) throw new ImportRefused(plan.affectedBookings);
  const counts = { added: plan.added.length, changed: plan.changed.length, removed: plan.removed.length, unchanged: plan.unchanged.length };
  const version = await db.transaction(async (tx) => {
    const operatorIds = await upsertOperators(tx, plan);
    const stationIds = await upsertStations(tx, plan);

    const outgoing = [...plan.removed.map((d) => d.scheduleId), ...plan.changed.map((c) => c.from.scheduleId)];
    if (outgoing.length > 0) {
      // Lock the departures first: a booking that arrived since the dry run is found here.
      await tx.select({ id: schedules.id }).from(schedules).where(inArray(schedules.id, outgoing)).for('update');
      const booked = await tx
        .selectDistinct({ bookingId: bookings.id, reference: bookings.reference, scheduleId: cartLegs.scheduleId, status: bookings.status })
        .from(cartLegs)
        .innerJoin(cartItems, eq(cartItems.id, cartLegs.cartItemId))
        .innerJoin(bookings, eq(bookings.cartId, cartItems.cartId))
        .where(inArray(cartLegs.scheduleId, outgoing));
      if (booked.length > 0) throw new ImportRefused(booked);
      const unbookedItems = tx.select({ id: cartLegs.cartItemId }).from(cartLegs).where(inArray(cartLegs.scheduleId, outgoing));
      await tx.delete(cartItems).where(inArray(cartItems.id, unbookedItems));
      await tx.delete(schedules).where(inArray(schedules.id, outgoing));
    }

    // Routes the remaining departures already use, by what they are, so added ones share them.
    const routeBySignature = new Map<string, number>();
    for (const d of plan.unchanged) routeBySignature.set(routeSignature(operatorIds.get(d.operatorSlug) ?? -1, d), d.routeId);
    const incoming = [...plan.added, ...plan.changed.map((c) => c.to)];
    const operatorOf = (d: PlannedDeparture) => {
      const operatorId = operatorIds.get(d.operatorSlug);
      if (operatorId === undefined) throw new Error(`operator ${d.operatorSlug} was not written`);
      return operatorId;
    };
    // Routes no departure has yet, written together: ids drawn first, so each row's is known.
    const missing = new Map<string, { operatorId: number; departure: PlannedDeparture }>();
    for (const d of incoming) {
      const signature = routeSignature(operatorOf(d), d);
      if (!routeBySignature.has(signature) && !missing.has(signature)) missing.set(signature, { operatorId: operatorOf(d), departure: d });
    }
    const newRouteIds = await drawIds(tx, 'routes_id_seq', missing.size);
    [...missing.keys()].forEach((signature, i) => routeBySignature.set(signature, newRouteIds[i] ?? -1));
    await insertRoutes(
      tx,
      [...missing.values()].map((m, i) => ({ ...m, id: newRouteIds[i] ?? -1 })),
      stationIds,
    );

    const newSchedules: (typeof schedules.$inferInsert)[] = [];
    for (const d of incoming) {
      const routeId = routeBySignature.get(routeSignature(operatorOf(d), d));
      if (routeId === undefined) throw new Error('route not written');
      newSchedules.push({
        routeId,
        departureMinute: d.departureMinute,
        weekdays: d.weekdays,
        validFrom: d.validFrom,
        validTo: d.validTo,
        timesConfirmed: d.timesConfirmed,
      });
    }
    for (const chunk of chunks(newSchedules)) await tx.insert(schedules).values(chunk);

    // Routes of the feed's operators that no departure uses any more (and no cart points at).
    const feedOperatorIds = [...operatorIds.values()];
    if (feedOperatorIds.length > 0)
      await tx.delete(routes).where(
        and(
          inArray(routes.operatorId, feedOperatorIds),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(schedules)
              .where(eq(schedules.routeId, routes.id)),
          ),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(cartLegs)
              .innerJoin(travelOptions, eq(travelOptions.id, cartLegs.travelOptionId))
              .where(eq(travelOptions.routeId, routes.id)),
          ),
        ),
      );
    const written = await bumpInventoryVersion(tx);
    await options.inTransaction?.(tx, { version: written, ...counts });
    return written;
  });
  if (options.bus) await announceInventoryChange(options.bus, version);
  return { version, ...counts };
}

/** Rows in slices small enough for one statement's parameters. */
function* chunks<T>(rows: readonly T[], size = 500): Iterable<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** `set` for an upsert: each listed column from the row the conflict refused (`excluded`). */
function fromExcluded(columns: Record<string, { name: string }>): Record<string, SQL> {
  return Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]));
}

async function upsertOperators(tx: Tx, plan: ImportPlan): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const { name, logo, vehicleClasses, rating, reviewCount, confirmation, currency, countryCode, lateRefundPct } = operators;
  const set = fromExcluded({ name, logo, vehicleClasses, rating, reviewCount, confirmation, currency, countryCode, lateRefundPct });
  for (const chunk of chunks(plan.operators)) {
    const rows = await tx
      .insert(operators)
      .values(chunk)
      .onConflictDoUpdate({ target: operators.slug, set })
      .returning({ id: operators.id, slug: operators.slug });
    for (const row of rows) ids.set(row.slug, row.id);
  }
  return ids;
}

async function upsertStations(tx: Tx, plan: ImportPlan): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const { kind, names, aliases, lat, lon, placeId, code } = stations;
  const set = fromExcluded({ kind, names, aliases, lat, lon, placeId, code });
  // Another operator's station the feed calls at is only looked up, never rewritten (plan.ts).
  const shared = plan.stations.filter((s) => s.keepExisting).map((s) => s.slug);
  for (const slug of chunks(shared)) {
    const rows = await tx.select({ id: stations.id, slug: stations.slug }).from(stations).where(inArray(stations.slug, slug));
    for (const row of rows) ids.set(row.slug, row.id);
  }
  const own = plan.stations
    .filter((s) => !s.keepExisting)
    .map((s) => ({
      slug: s.slug,
      code: s.code,
      names: s.names,
      aliases: s.aliases,
      lat: s.lat,
      lon: s.lon,
      placeId: s.placeId,
      kind: s.kind,
    }));
  for (const chunk of chunks(own)) {
    const rows = await tx
      .insert(stations)
      .values(chunk)
      .onConflictDoUpdate({ target: stations.slug, set })
      .returning({ id: stations.id, slug: stations.slug });
    for (const row of rows) ids.set(row.slug, row.id);
  }
  return ids;
}

/** `count` fresh ids of a serial column, in one round trip. */
async function drawIds(tx: Tx, sequence: 'routes_id_seq', count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await tx.select({ id: sql<number>`nextval(${sequence})::int` }).from(sql`generate_series(1, ${count})`);
  return rows.map((row) => row.id);
}

/**
 * New routes with their stops and travel options, a few statements per 500 rows rather than
 * three per route (a national feed has thousands of routes; on PostgreSQL each statement is a
 * round trip).
 */
async function insertRoutes(
  tx: Tx,
  rows: readonly { id: number; operatorId: number; departure: PlannedDeparture }[],
  stationIds: Map<string, number>,
): Promise<void> {
  const routeRows = rows.map(({ id, operatorId, departure: d }) => ({
    id,
    operatorId,
    vehicleClass: d.vehicleClass,
    code: d.code,
    distanceKm: d.distanceKm,
  }));
  const stopRows = rows.flatMap(({ id, departure: d }) =>
    d.stops.map((s, i) => {
      const stationId = stationIds.get(s.stationSlug);
      if (stationId === undefined) throw new Error(`station ${s.stationSlug} was not written`);
      return { routeId: id, stopIndex: i, stationId, arrivalOffsetMin: s.arrivalOffsetMin, departureOffsetMin: s.departureOffsetMin };
    }),
  );
  const optionRows = rows.flatMap(({ id, departure: d }) => d.options.map((o) => ({ routeId: id, ...o })));
  for (const chunk of chunks(routeRows)) await tx.insert(routes).values(chunk);
  for (const chunk of chunks(stopRows)) await tx.insert(routeStops).values(chunk);
  for (const chunk of chunks(optionRows, 200)) await tx.insert(travelOptions).values(chunk);
}
