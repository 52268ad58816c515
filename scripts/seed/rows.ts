/**
 * The plain row objects the generators produce and the writer inserts, one type per table.
 * They are the schema's select shapes minus the columns the database fills itself
 * (`updated_at`), so a row is exactly what a later query will read back.
 */
import type {
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
} from '../../src/server/db/schema.ts';

export type CountryRow = typeof countries.$inferSelect;
export type ProvinceRow = typeof provinces.$inferSelect;
export type PlaceRow = typeof places.$inferSelect;
export type StationRow = typeof stations.$inferSelect;
export type VehicleClassRow = typeof vehicleClasses.$inferSelect;
export type OperatorRow = typeof operators.$inferSelect;
export type RouteRow = typeof routes.$inferSelect;
export type RouteStopRow = typeof routeStops.$inferSelect;
export type ScheduleRow = typeof schedules.$inferSelect;
export type TravelOptionRow = typeof travelOptions.$inferSelect;
export type DepartureInventoryRow = Omit<typeof departureInventory.$inferSelect, 'updatedAt'>;
export type FxRateRow = Omit<typeof fxRates.$inferSelect, 'updatedAt'>;

export type VehicleClass = VehicleClassRow['id'];
export type StationKind = StationRow['kind'];
export type Confirmation = OperatorRow['confirmation'];

/** Tables that do not grow with the number of routes; always small enough to hold in memory. */
export interface ReferenceRows {
  countries: CountryRow[];
  provinces: ProvinceRow[];
  places: PlaceRow[];
  stations: StationRow[];
  vehicleClasses: VehicleClassRow[];
  operators: OperatorRow[];
  fxRates: FxRateRow[];
}

/**
 * Routes with everything that hangs off them. The writer inserts a batch's tables in this
 * order, so a batch only has to be complete in itself for the foreign keys to hold.
 */
export interface RouteBatch {
  routes: RouteRow[];
  routeStops: RouteStopRow[];
  schedules: ScheduleRow[];
  travelOptions: TravelOptionRow[];
  departureInventory: DepartureInventoryRow[];
}

/** The whole real-geography network, every table as an array. */
export interface NetworkRows extends ReferenceRows, RouteBatch {
  /** Data problems the generator worked around (dangling references, duplicates). */
  warnings: string[];
}

/** A network too big to hold at once: route tables arrive batch by batch from a generator. */
export interface StreamedNetwork extends ReferenceRows {
  routeBatches: Iterable<RouteBatch>;
  warnings: string[];
}

export type SeedRows = NetworkRows | StreamedNetwork;

export function emptyRouteBatch(): RouteBatch {
  return { routes: [], routeStops: [], schedules: [], travelOptions: [], departureInventory: [] };
}
