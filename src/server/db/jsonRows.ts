/**
 * A whole table's rows as one JSON value: `select json_agg(json_build_array(…))`, parsed once.
 * The search index reads every schedule, stop and fare (225,000 schedules on the scale network);
 * shipped row by row, PGlite spent 1.7 s decoding the schedules alone, as one JSON text 0.25 s
 * (docs/BENCHMARKS.md, "Session 22"). PostgreSQL sends one value instead of many rows too.
 *
 * Only columns whose JSON form is what the driver would give are accepted (integers, text,
 * booleans, dates as strings, floats, enums, arrays and jsonb): a timestamp or a numeric reads
 * differently as JSON, so the types refuse them.
 */
import { sql, type Column, type ColumnBaseConfig, type ColumnDataType, type GetColumnData, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

type JsonSafeColumnType =
  | 'PgSerial'
  | 'PgInteger'
  | 'PgSmallInt'
  | 'PgText'
  | 'PgBoolean'
  | 'PgDateString'
  | 'PgDoublePrecision'
  | 'PgReal'
  | 'PgEnumColumn'
  | 'PgArray'
  | 'PgJsonb';

type JsonSafeColumn = Column<ColumnBaseConfig<ColumnDataType, JsonSafeColumnType>>;

/** A column, or an expression whose JSON form is its declared type (`sql<number>\`… ::int\``). */
type Selected = JsonSafeColumn | SQL<number | string | boolean | null>;

type RowOf<C extends Record<string, Selected>> = {
  [K in keyof C]: C[K] extends JsonSafeColumn ? GetColumnData<C[K]> : C[K] extends SQL<infer T> ? T : never;
};

export async function selectRowsAsJson<C extends Record<string, Selected>>(
  db: Db,
  columns: C,
  table: PgTable,
  where?: SQL,
): Promise<RowOf<C>[]> {
  const keys = Object.keys(columns);
  const values = sql.join(
    keys.map((key) => sql`${columns[key]}`),
    sql`, `,
  );
  const result = await db.execute(
    sql`select coalesce(json_agg(json_build_array(${values})), '[]')::text as rows from ${table} ${where ? sql`where ${where}` : sql``}`,
  );
  // Both drivers (node-postgres and PGlite) answer a raw statement with `{ rows }`.
  const { rows } = result as { rows: { rows: string }[] };
  const tuples = JSON.parse(rows[0]?.rows ?? '[]') as unknown[][];
  return tuples.map((tuple) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) row[keys[i] ?? ''] = tuple[i];
    return row as RowOf<C>;
  });
}
