/**
 * Builds the whole seed network from the real-world geography: every table as plain rows,
 * no database involved. Deterministic: the same geography, seed and date give the same rows,
 * because all randomness comes from one seeded generator split into a stream per part.
 */
import { buildCharterRoutes } from './builders/charter.ts';
import { type BuildContext, RouteCodes } from './builders/common.ts';
import { buildFerryRoutes } from './builders/ferry.ts';
import { buildFlightRoutes } from './builders/flights.ts';
import { buildOverlandRoutes } from './builders/overland.ts';
import { buildRailRoutes } from './builders/rail.ts';
import type { GeographySeed } from './data/types.ts';
import { resolveGeography } from './geography.ts';
import { sampleInventory } from './inventory.ts';
import { fxRateRows } from './money.ts';
import { buildOperators, OPERATOR_CATALOGUE, OperatorDirectory } from './operators.ts';
import { createRandom } from './random.ts';
import type { NetworkRows, VehicleClassRow } from './rows.ts';
import { RouteSink } from './sink.ts';
import { addDays } from './time.ts';

export interface BuildNetworkOptions {
  /** First day of validity, 'YYYY-MM-DD'; timetables run for a year from it. */
  today: string;
  seed: number;
}

/** Tab order of the transport classes; 2 is the rail pass tab, which is not a class. */
export const VEHICLE_CLASS_ROWS: readonly VehicleClassRow[] = [
  { id: 'bus', tabIndex: 0 },
  { id: 'ferry', tabIndex: 1 },
  { id: 'train', tabIndex: 3 },
  { id: 'van', tabIndex: 4 },
  { id: 'avia', tabIndex: 5 },
  { id: 'charter', tabIndex: 6 },
];

export const TIMETABLE_DAYS = 365;
export const INVENTORY_DAYS = 14;

export function buildNetwork(geo: GeographySeed, { today, seed }: BuildNetworkOptions): NetworkRows {
  const warnings: string[] = [];
  const resolved = resolveGeography(geo, warnings);
  const rng = createRandom(seed);
  const operators = buildOperators(OPERATOR_CATALOGUE, resolved.currencyByCountry, rng.fork('operators'));
  const sink = new RouteSink(today, addDays(today, TIMETABLE_DAYS));
  const ctx: BuildContext = { geo: resolved, operators: new OperatorDirectory(operators), sink, codes: new RouteCodes(), warnings };

  buildOverlandRoutes(ctx, rng.fork('overland'));
  buildRailRoutes(ctx, rng.fork('rail'));
  buildFerryRoutes(ctx, rng.fork('ferry'));
  buildFlightRoutes(ctx, rng.fork('avia'));
  buildCharterRoutes(ctx, rng.fork('charter'));

  const { batch, meta } = sink.takeBatch();
  batch.departureInventory = sampleInventory(batch, meta, {
    today,
    days: INVENTORY_DAYS,
    fraction: 0.1,
    soldOutChance: 0.06,
    rng: rng.fork('inventory'),
    nextId: () => sink.takeInventoryId(),
  });

  // An operator lists the classes it really runs; catalogue operators whose area got no
  // routes at all (no bus terminals in Sumatra yet) are left out rather than shown empty.
  const classesRun = new Map<number, Set<string>>();
  for (const route of batch.routes) {
    const set = classesRun.get(route.operatorId) ?? new Set();
    set.add(route.vehicleClass);
    classesRun.set(route.operatorId, set);
  }
  const operatorRows = operators
    .map((o) => o.row)
    .filter((o) => classesRun.has(o.id))
    .map((o) => ({ ...o, vehicleClasses: o.vehicleClasses.filter((c) => classesRun.get(o.id)?.has(c)) }));

  return {
    countries: resolved.countries,
    provinces: resolved.provinces,
    places: resolved.places.map((p) => p.row),
    stations: resolved.stations.map((s) => s.row),
    vehicleClasses: [...VEHICLE_CLASS_ROWS],
    operators: operatorRows,
    fxRates: fxRateRows(),
    ...batch,
    warnings,
  };
}
