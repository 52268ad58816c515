/**
 * Replaces the inventory tables' contents with a generated network, in one transaction: a
 * reader sees either the old network or the new one, never half of each. A database that holds
 * bookings is refused unless the caller asks to delete them (`deleteBookings`): the new network
 * reuses ids, so old bookings would silently point at other departures. Works the same on
 * PGlite and PostgreSQL because it only uses Drizzle and plain SQL both understand.
 */
import { sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/server/db/client.ts';
import {
  countries,
  departureInventory,
  fxRates,
  operators,
  places,
  provinces,
  routeStops,
  routes,
  schedules,
  stations,
  travelOptions,
  vehicleClasses,
  vehicleLayouts,
} from '../../src/server/db/schema.ts';
import { VEHICLE_LAYOUTS } from '../../src/domain/seats/vehicles.ts';
import { bumpInventoryVersion } from '../../src/server/network/inventoryVersion.ts';
import type { RouteBatch, SeedRows } from './rows.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface WriteProgress {
  table: string;
  /** Rows written to this table so far. */
  rows: number;
}

export interface WriteOptions {
  onProgress?: (progress: WriteProgress) => void;
  /**
   * Delete every cart, booking and payment along with the old network. Without it, a database
   * that holds bookings is refused (SeedRefusedError) and left as it was.
   */
  deleteBookings?: boolean;
}

export interface WriteResult {
  rowsByTable: Record<string, number>;
  inventoryVersion: number;
}

/** PostgreSQL allows 65,535 bind parameters per statement; stay well below. */
const MAX_PARAMS_PER_INSERT = 60_000;
const MAX_ROWS_PER_INSERT = 5_000;

/**
 * The seed's big tables, emptied with one TRUNCATE … RESTART IDENTITY CASCADE (fast for the
 * scale network's millions of departure rows). CASCADE also empties what points at them: the
 * legs of open carts (cart_legs → schedules) and the reviews of their routes. Seat holds and
 * booked legs point here too, which is why a database holding bookings is refused first
 * (`assertNoBookings`). inventory_version is kept: it counts reseeds.
 */
const TRUNCATED_TABLES = ['departure_inventory', 'travel_options', 'schedules', 'route_stops', 'routes'] as const;

/**
 * The seed's small tables, emptied row by row in this order (children first) so each foreign
 * key's ON DELETE rule applies. A TRUNCATE … CASCADE of `operators` would also empty `users`
 * (an agent's `operator_id`) and with it every account, session and booking of a user; a DELETE
 * only clears that column (ON DELETE SET NULL).
 */
const DELETED_TABLES = ['operators', 'stations', 'places', 'provinces', 'countries', 'vehicle_classes', 'fx_rates'] as const;

/**
 * Tables of bookings and carts, emptied only when the caller asked to delete bookings: carts
 * CASCADE to their sessions, items, legs and bookings, and bookings to holds, payments and
 * payment events. Idempotency keys replay answers about those bookings, so they go too.
 */
const BOOKING_TABLES = ['carts', 'bookings', 'seat_holds', 'payments', 'payment_events', 'idempotency_keys'] as const;

/** The seed refused to replace the network under existing bookings; nothing was changed. */
export class SeedRefusedError extends Error {
  readonly bookings: number;
  constructor(bookings: number) {
    super(
      `the database holds ${String(bookings)} booking(s): reseeding would point them at different departures, stations and ` +
        'operators, so nothing was changed. Use a fresh database, or pass --delete-bookings to delete every cart, booking ' +
        'and payment along with the old network.',
    );
    this.name = 'SeedRefusedError';
    this.bookings = bookings;
  }
}

/** Throws SeedRefusedError when any booking exists; inside the seeding transaction, before anything is deleted. */
async function assertNoBookings(tx: Tx): Promise<void> {
  const result = await tx.execute(sql`select count(*)::int as n from bookings`);
  // Both drivers (node-postgres and PGlite) answer a raw statement with `{ rows }`.
  const n = (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  if (n > 0) throw new SeedRefusedError(n);
}

/** Tables with a serial id whose sequence must continue after the explicit ids we insert. */
const SERIAL_TABLES = [
  'provinces',
  'places',
  'stations',
  'operators',
  'routes',
  'schedules',
  'travel_options',
  'departure_inventory',
] as const;

export async function writeNetwork(db: Db, rows: SeedRows, options: WriteOptions = {}): Promise<WriteResult> {
  const rowsByTable: Record<string, number> = {};
  const insert = <TTable extends PgTable>(tx: Tx, table: TTable, name: string, values: readonly InferInsertModel<TTable>[]) =>
    insertInChunks(tx, table, values, (count) => {
      rowsByTable[name] = (rowsByTable[name] ?? 0) + count;
      options.onProgress?.({ table: name, rows: rowsByTable[name] });
    });

  const version = await db.transaction(async (tx) => {
    // Other writers (a checkout) must not add a booking between the check and the reset.
    await tx.execute(sql.raw('lock table bookings in exclusive mode'));
    if (options.deleteBookings) await tx.execute(sql.raw(`truncate table ${BOOKING_TABLES.join(', ')} restart identity cascade`));
    else await assertNoBookings(tx);
    await tx.execute(sql.raw(`truncate table ${TRUNCATED_TABLES.join(', ')} restart identity cascade`));
    for (const table of DELETED_TABLES) await tx.execute(sql.raw(`delete from ${table}`));

    await insert(tx, countries, 'countries', rows.countries);
    await insert(tx, provinces, 'provinces', rows.provinces);
    await insert(tx, places, 'places', rows.places);
    await insert(tx, stations, 'stations', rows.stations);
    await insert(tx, vehicleClasses, 'vehicle_classes', rows.vehicleClasses);
    await insert(tx, operators, 'operators', rows.operators);
    await insert(tx, fxRates, 'fx_rates', rows.fxRates);
    // Vehicle layouts are a catalogue, not network: written over (never deleted, options of
    // booked departures keep pointing at them), before the travel options that name them.
    for (const layout of VEHICLE_LAYOUTS)
      await tx
        .insert(vehicleLayouts)
        .values({ code: layout.code, name: layout.name, decks: layout.decks })
        .onConflictDoUpdate({ target: vehicleLayouts.code, set: { name: layout.name, decks: layout.decks } });

    // A batch holds routes and everything hanging off them, so inserting its tables in
    // this order keeps every foreign key satisfied even when batches stream in one by one.
    for (const batch of routeBatchesOf(rows)) {
      await insert(tx, routes, 'routes', batch.routes);
      await insert(tx, routeStops, 'route_stops', batch.routeStops);
      await insert(tx, schedules, 'schedules', batch.schedules);
      await insert(tx, travelOptions, 'travel_options', batch.travelOptions);
      await insert(tx, departureInventory, 'departure_inventory', batch.departureInventory);
    }

    for (const table of SERIAL_TABLES) {
      // Empty table: the next id is 1; otherwise it follows the largest explicit id.
      await tx.execute(
        sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 1), max(id) is not null) from ${table}`),
      );
    }

    return bumpInventoryVersion(tx);
  });

  return { rowsByTable, inventoryVersion: version };
}

function routeBatchesOf(rows: SeedRows): Iterable<RouteBatch> {
  return 'routeBatches' in rows ? rows.routeBatches : [rows];
}

async function insertInChunks<TTable extends PgTable>(
  tx: Tx,
  table: TTable,
  values: readonly InferInsertModel<TTable>[],
  onInserted: (count: number) => void,
): Promise<void> {
  const first = values[0];
  if (first === undefined) return;
  const columns = Math.max(1, Object.keys(first).length);
  const chunkSize = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMS_PER_INSERT / columns)));
  for (let start = 0; start < values.length; start += chunkSize) {
    const chunk = values.slice(start, start + chunkSize);
    await tx.insert(table).values(chunk);
    onInserted(chunk.length);
  }
}
