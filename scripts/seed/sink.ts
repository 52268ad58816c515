/**
 * Collects routes into row batches and hands out the ids, so that every builder (real or
 * synthetic network) produces rows whose foreign keys line up without knowing about the others.
 */
import { capacityOf } from '../../src/domain/seats/layout.ts';
import { VEHICLE_LAYOUTS, type VehicleLayoutCode } from '../../src/domain/seats/vehicles.ts';
import { emptyRouteBatch, type OperatorRow, type RouteBatch, type RouteRow, type VehicleClass } from './rows.ts';

export const FEATURES = [
  'wifi',
  'ac',
  'toilet',
  'meal',
  'pickup',
  'power_outlet',
  'blanket',
  'snack',
  'luggage',
  'reclining_seats',
  'sleeper',
  'entertainment',
] as const;
export type Feature = (typeof FEATURES)[number];

export interface StopSpec {
  stationId: number;
  arrivalOffsetMin: number;
  departureOffsetMin: number;
}

export interface DepartureSpec {
  /** Minutes after local midnight at the first stop. */
  minute: number;
  weekdays: number;
}

export interface OptionSpec {
  className: string;
  priceMinor: number;
  seats: number;
  features: readonly Feature[];
  fullRefundHours: number | null;
  bookingCutoffMin: number;
  /** The vehicle whose seats a traveller chooses (src/domain/seats/vehicles.ts); absent: no seat choice. */
  layout?: VehicleLayoutCode;
}

export interface RouteSpec {
  operator: OperatorRow;
  vehicleClass: VehicleClass;
  code: string;
  distanceKm: number;
  stops: readonly StopSpec[];
  departures: readonly DepartureSpec[];
  /** False when the operator publishes approximate times it confirms after booking. */
  timesConfirmed: boolean;
  options: readonly OptionSpec[];
  /** Zone of the first stop: local departure minutes become instants in it. */
  timeZone: string;
  /** 1–100, how busy the route is; decides which departures get early bookings. */
  popularity: number;
}

export interface RouteMeta {
  timeZone: string;
  popularity: number;
}

export class RouteSink {
  readonly validFrom: string;
  readonly validTo: string;
  /** Meta of the routes in the current batch, by route id. */
  meta = new Map<number, RouteMeta>();
  private batch: RouteBatch = emptyRouteBatch();
  private nextRouteId = 1;
  private nextScheduleId = 1;
  private nextOptionId = 1;
  private nextInventoryId = 1;
  private totalRoutes = 0;

  constructor(validFrom: string, validTo: string) {
    this.validFrom = validFrom;
    this.validTo = validTo;
  }

  get routeCount(): number {
    return this.totalRoutes;
  }

  get batchRouteCount(): number {
    return this.batch.routes.length;
  }

  add(spec: RouteSpec): RouteRow {
    assertRouteShape(spec);
    const route: RouteRow = {
      id: this.nextRouteId++,
      operatorId: spec.operator.id,
      vehicleClass: spec.vehicleClass,
      code: spec.code,
      distanceKm: Math.max(1, Math.round(spec.distanceKm)),
      // How a route is sold is set after the write (src/server/network/seedSaleChannels.ts).
      manualPack: false,
      externalPurchaseUrl: null,
    };
    this.batch.routes.push(route);
    spec.stops.forEach((stop, stopIndex) => {
      this.batch.routeStops.push({ routeId: route.id, stopIndex, ...stop });
    });
    for (const departure of spec.departures) {
      this.batch.schedules.push({
        id: this.nextScheduleId++,
        routeId: route.id,
        departureMinute: departure.minute,
        weekdays: departure.weekdays,
        validFrom: this.validFrom,
        validTo: this.validTo,
        timesConfirmed: spec.timesConfirmed,
      });
    }
    for (const option of spec.options) {
      this.batch.travelOptions.push({
        id: this.nextOptionId++,
        routeId: route.id,
        className: option.className,
        priceMinor: option.priceMinor,
        currency: spec.operator.currency,
        seatsPerDeparture: option.seats,
        features: [...option.features],
        fullRefundHours: option.fullRefundHours,
        confirmation: spec.operator.confirmation,
        bookingCutoffMin: option.bookingCutoffMin,
        vehicleLayout: layoutFor(option),
      });
    }
    this.meta.set(route.id, { timeZone: spec.timeZone, popularity: spec.popularity });
    this.totalRoutes++;
    return route;
  }

  /** Ids for departure_inventory rows, which are made after the routes. */
  takeInventoryId(): number {
    return this.nextInventoryId++;
  }

  /** The collected rows; the sink starts a fresh batch and keeps counting ids. */
  takeBatch(): { batch: RouteBatch; meta: Map<number, RouteMeta> } {
    const taken = { batch: this.batch, meta: this.meta };
    this.batch = emptyRouteBatch();
    this.meta = new Map();
    return taken;
  }
}

/** Catches generator bugs early, where the cause is still obvious, not as a constraint error mid-insert. */
function assertRouteShape(spec: RouteSpec): void {
  const where = `${spec.vehicleClass} route ${spec.code}`;
  if (spec.stops.length < 2) throw new Error(`${where}: needs at least two stops`);
  if (spec.departures.length === 0) throw new Error(`${where}: has no departures`);
  if (spec.options.length === 0) throw new Error(`${where}: has no travel options`);
  let previousDeparture = -1;
  spec.stops.forEach((stop, i) => {
    if (i === 0 && (stop.arrivalOffsetMin !== 0 || stop.departureOffsetMin !== 0))
      throw new Error(`${where}: first stop must be at offset 0`);
    if (i > 0 && stop.arrivalOffsetMin <= previousDeparture)
      throw new Error(`${where}: stop ${i} arrives before leaving the previous stop`);
    if (stop.departureOffsetMin < stop.arrivalOffsetMin) throw new Error(`${where}: stop ${i} departs before it arrives`);
    previousDeparture = stop.departureOffsetMin;
  });
  for (const d of spec.departures) {
    if (!Number.isInteger(d.minute) || d.minute < 0 || d.minute > 1439)
      throw new Error(`${where}: departure minute ${d.minute} out of range`);
    if (d.weekdays < 1 || d.weekdays > 127) throw new Error(`${where}: weekdays ${d.weekdays} out of range`);
  }
  for (const o of spec.options) {
    if (!Number.isInteger(o.priceMinor) || o.priceMinor <= 0)
      throw new Error(`${where}: ${o.className} price ${o.priceMinor} is not a positive integer`);
    if (o.seats <= 0 || o.seats > 32_767) throw new Error(`${where}: ${o.className} seats ${o.seats} out of range`);
  }
}

/** The option's vehicle, checked to hold every seat the option sells (a seed mistake fails loudly). */
function layoutFor(option: OptionSpec): string | null {
  if (!option.layout) return null;
  const layout = VEHICLE_LAYOUTS.find((l) => l.code === option.layout);
  if (!layout || capacityOf(layout.decks) < option.seats)
    throw new Error(`vehicle ${option.layout} cannot seat the ${String(option.seats)} of "${option.className}"`);
  return layout.code;
}
