/**
 * What is in the database now, counted by the database itself (not from the generator's
 * arrays), so the printout after a seed proves the rows really arrived.
 */
import { and, count, eq, gte, lte, sql } from 'drizzle-orm';
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
} from '../../src/server/db/schema.ts';
import { weekdayBit } from './time.ts';

export interface SeedSummary {
  /** The service date the departure counts are for. */
  date: string;
  countries: number;
  provinces: number;
  places: number;
  stations: number;
  stationsByKind: Record<string, number>;
  operators: number;
  /** An operator running several classes counts once under each. */
  operatorsByClass: Record<string, number>;
  routes: number;
  routesByClass: Record<string, number>;
  routeStops: number;
  schedules: number;
  travelOptions: number;
  /** Schedules valid on `date` whose weekday bit is set: one departure each. */
  departuresOnDate: number;
  departuresOnDateByClass: Record<string, number>;
  /** Departures × the travel options of their route: what a search could offer that day. */
  seatOffersOnDate: number;
  inventoryRows: number;
  soldOutInventoryRows: number;
  fxRates: number;
  inventoryVersion: number | null;
}

function toRecord(rows: readonly { key: string | null; n: number }[]): Record<string, number> {
  const record: Record<string, number> = {};
  for (const { key, n } of [...rows].sort((a, b) => String(a.key).localeCompare(String(b.key)))) record[String(key)] = n;
  return record;
}

async function countOf(db: Db, table: Parameters<ReturnType<Db['select']>['from']>[0]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

export async function collectSummary(db: Db, date: string): Promise<SeedSummary> {
  const runsOnDate = and(
    lte(schedules.validFrom, date),
    gte(schedules.validTo, date),
    sql`(${schedules.weekdays} & ${weekdayBit(date)}) <> 0`,
  );
  const operatorClass = sql<string>`unnest(${operators.vehicleClasses})::text`;

  const [stationsByKind, operatorsByClass, routesByClass, departuresByClass, seatOffers, soldOut, version] = await Promise.all([
    db
      .select({ key: sql<string>`${stations.kind}::text`, n: count() })
      .from(stations)
      .groupBy(stations.kind),
    db
      .select({ key: operatorClass, n: count() })
      .from(operators)
      .groupBy(sql`1`),
    db
      .select({ key: sql<string>`${routes.vehicleClass}::text`, n: count() })
      .from(routes)
      .groupBy(routes.vehicleClass),
    db
      .select({ key: sql<string>`${routes.vehicleClass}::text`, n: count() })
      .from(schedules)
      .innerJoin(routes, eq(routes.id, schedules.routeId))
      .where(runsOnDate)
      .groupBy(routes.vehicleClass),
    db.select({ n: count() }).from(schedules).innerJoin(travelOptions, eq(travelOptions.routeId, schedules.routeId)).where(runsOnDate),
    db.select({ n: count() }).from(departureInventory).where(eq(departureInventory.seatsSold, departureInventory.seatsTotal)),
    db.select({ version: inventoryVersion.version }).from(inventoryVersion).where(eq(inventoryVersion.id, 1)),
  ]);

  const departuresOnDateByClass = toRecord(departuresByClass);
  return {
    date,
    countries: await countOf(db, countries),
    provinces: await countOf(db, provinces),
    places: await countOf(db, places),
    stations: await countOf(db, stations),
    stationsByKind: toRecord(stationsByKind),
    operators: await countOf(db, operators),
    operatorsByClass: toRecord(operatorsByClass),
    routes: await countOf(db, routes),
    routesByClass: toRecord(routesByClass),
    routeStops: await countOf(db, routeStops),
    schedules: await countOf(db, schedules),
    travelOptions: await countOf(db, travelOptions),
    departuresOnDate: Object.values(departuresOnDateByClass).reduce((a, b) => a + b, 0),
    departuresOnDateByClass,
    seatOffersOnDate: seatOffers[0]?.n ?? 0,
    inventoryRows: await countOf(db, departureInventory),
    soldOutInventoryRows: soldOut[0]?.n ?? 0,
    fxRates: await countOf(db, fxRates),
    inventoryVersion: version[0]?.version ?? null,
  };
}

const number = new Intl.NumberFormat('en-US');

function breakdown(record: Record<string, number>): string {
  return Object.entries(record)
    .map(([key, n]) => `${key} ${number.format(n)}`)
    .join(', ');
}

export function formatSummary(s: SeedSummary): string {
  const line = (label: string, n: number, detail?: Record<string, number>) =>
    `  ${label.padEnd(22)} ${number.format(n).padStart(9)}${detail ? `   (${breakdown(detail)})` : ''}`;
  return [
    `Seeded network (inventory version ${s.inventoryVersion ?? '–'}):`,
    line('countries', s.countries),
    line('provinces', s.provinces),
    line('places', s.places),
    line('stations', s.stations, s.stationsByKind),
    line('operators', s.operators, s.operatorsByClass),
    line('routes', s.routes, s.routesByClass),
    line('route stops', s.routeStops),
    line('schedules', s.schedules),
    line('travel options', s.travelOptions),
    line(`departures ${s.date}`, s.departuresOnDate, s.departuresOnDateByClass),
    line(`seat offers ${s.date}`, s.seatOffersOnDate),
    `${line('inventory rows', s.inventoryRows)}   (${number.format(s.soldOutInventoryRows)} sold out)`,
    line('fx rates', s.fxRates),
  ].join('\n');
}

/** The counts and their printable form. */
export async function summarizeDatabase(db: Db, date: string): Promise<{ summary: SeedSummary; text: string }> {
  const summary = await collectSummary(db, date);
  return { summary, text: formatSummary(summary) };
}
