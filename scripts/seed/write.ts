/**
 * Replaces the inventory tables' contents with a generated network, in one transaction: a
 * reader sees either the old network or the new one, never half of each. Works the same on
 * PGlite and PostgreSQL because it only uses Drizzle and plain SQL both understand.
 */
import { sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/server/db/client.ts';
import {
  countries,
  departureInventory,
  fxRates,
  inventoryVersion,
  operators,
  places,
  provinces,
  routeStops,
  routes,
  schedules,
  stations,
  travelOptions,
  vehicleClasses,
} from '../../src/server/db/schema.ts';
import type { RouteBatch, SeedRows } from './rows.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface WriteProgress {
  table: string;
  /** Rows written to this table so far. */
  rows: number;
}

export interface WriteOptions {
  onProgress?: (progress: WriteProgress) => void;
}

export interface WriteResult {
  rowsByTable: Record<string, number>;
  inventoryVersion: number;
}

/** PostgreSQL allows 65,535 bind parameters per statement; stay well below. */
const MAX_PARAMS_PER_INSERT = 60_000;
const MAX_ROWS_PER_INSERT = 5_000;

/**
 * Every table the seed owns. One TRUNCATE … CASCADE empties them together, so their order does
 * not matter, and CASCADE also clears rows elsewhere that point at them (e.g. test bookings of
 * departures that are about to disappear). inventory_version is kept: it counts reseeds.
 */
const SEEDED_TABLES = [
  'departure_inventory',
  'travel_options',
  'schedules',
  'route_stops',
  'routes',
  'operators',
  'stations',
  'places',
  'provinces',
  'countries',
  'vehicle_classes',
  'fx_rates',
] as const;

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
    await tx.execute(sql.raw(`truncate table ${SEEDED_TABLES.join(', ')} restart identity cascade`));

    await insert(tx, countries, 'countries', rows.countries);
    await insert(tx, provinces, 'provinces', rows.provinces);
    await insert(tx, places, 'places', rows.places);
    await insert(tx, stations, 'stations', rows.stations);
    await insert(tx, vehicleClasses, 'vehicle_classes', rows.vehicleClasses);
    await insert(tx, operators, 'operators', rows.operators);
    await insert(tx, fxRates, 'fx_rates', rows.fxRates);

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

    const [bumped] = await tx
      .insert(inventoryVersion)
      .values({ id: 1, version: 1, changedAt: new Date() })
      .onConflictDoUpdate({ target: inventoryVersion.id, set: { version: sql`${inventoryVersion.version} + 1`, changedAt: sql`now()` } })
      .returning({ version: inventoryVersion.version });
    return bumped?.version ?? 1;
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
