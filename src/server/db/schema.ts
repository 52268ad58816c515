/**
 * The one Drizzle pg-core schema. The same SQL runs on embedded PGlite and on PostgreSQL.
 *
 * Conventions: money is integer minor units plus an ISO 4217 code; instants are `timestamptz`
 * (UTC); local timetable times are minutes after midnight in the departure station's zone,
 * because a timetable says "07:30 from Mo Chit" whatever the date's UTC offset.
 * Localised names are jsonb maps of locale code → text with `en` always present.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

export type LocalizedText = { en: string } & Record<string, string>;

export const placeKind = pgEnum('place_kind', ['city', 'area', 'island']);
export const stationKind = pgEnum('station_kind', ['bus_terminal', 'pier', 'airport', 'railway_station', 'pickup_point']);
export const vehicleClassId = pgEnum('vehicle_class_id', ['bus', 'ferry', 'train', 'van', 'avia', 'charter']);
export const confirmationMode = pgEnum('confirmation_mode', ['instant', 'manual']);

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  slug: text('slug').notNull().unique(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
  currency: text('currency').notNull(),
});

export const provinces = pgTable('provinces', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  countryCode: text('country_code')
    .notNull()
    .references(() => countries.code),
  names: jsonb('names').$type<LocalizedText>().notNull(),
});

export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    kind: placeKind('kind').notNull(),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    timeZone: text('time_zone').notNull(),
    provinceId: integer('province_id')
      .notNull()
      .references(() => provinces.id),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    /** 1–100: drives popular routes and how much traffic the seed gives a place. */
    popularity: smallint('popularity').notNull().default(10),
  },
  (t) => [index('places_province_idx').on(t.provinceId)],
);

export const stations = pgTable(
  'stations',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    kind: stationKind('kind').notNull(),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id),
    /** IATA code for airports, the railway's own code for stations. */
    code: text('code'),
  },
  (t) => [index('stations_place_idx').on(t.placeId)],
);

export const vehicleClasses = pgTable('vehicle_classes', {
  id: vehicleClassId('id').primaryKey(),
  /** Position of the class's transportation tab (SPEC §3: bus, ferry, railpass, train, van, avia, charter). */
  tabIndex: smallint('tab_index').notNull(),
});

export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  logo: text('logo').notNull(),
  vehicleClasses: vehicleClassId('vehicle_classes').array().notNull(),
  /** Average review score 1.0–5.0, null before the first review. */
  rating: real('rating'),
  reviewCount: integer('review_count').notNull().default(0),
  confirmation: confirmationMode('confirmation').notNull(),
  currency: text('currency').notNull(),
  countryCode: text('country_code')
    .notNull()
    .references(() => countries.code),
});

export const routes = pgTable(
  'routes',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    vehicleClass: vehicleClassId('vehicle_class').notNull(),
    /** Human code as an operator prints it, e.g. "Express 51" or "TG 201". */
    code: text('code').notNull(),
    distanceKm: integer('distance_km').notNull(),
  },
  (t) => [index('routes_operator_idx').on(t.operatorId)],
);

/** Ordered stops of a route; offsets are minutes after the departure from the first stop. */
export const routeStops = pgTable(
  'route_stops',
  {
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    stopIndex: smallint('stop_index').notNull(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    arrivalOffsetMin: integer('arrival_offset_min').notNull(),
    departureOffsetMin: integer('departure_offset_min').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.stopIndex] }),
    index('route_stops_station_idx').on(t.stationId),
    check('route_stops_offsets', sql`${t.departureOffsetMin} >= ${t.arrivalOffsetMin}`),
  ],
);

export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    /** Minutes after local midnight at the first stop (0–1439). */
    departureMinute: smallint('departure_minute').notNull(),
    /** Bit 0 = Monday … bit 6 = Sunday (ISO weekday − 1); 127 = daily. */
    weekdays: smallint('weekdays').notNull().default(127),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    /** Manual operators publish approximate times that they confirm after booking. */
    timesConfirmed: boolean('times_confirmed').notNull().default(true),
  },
  (t) => [
    index('schedules_route_idx').on(t.routeId),
    check('schedules_minute', sql`${t.departureMinute} between 0 and 1439`),
    check('schedules_weekdays', sql`${t.weekdays} between 1 and 127`),
  ],
);

export const travelOptions = pgTable(
  'travel_options',
  {
    id: serial('id').primaryKey(),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    /** The operator's own class name: "VIP 24 seats", "2nd class sleeper". */
    className: text('class_name').notNull(),
    /** Fare for the whole route, first to last stop; shorter legs are pro-rated by distance. */
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    seatsPerDeparture: smallint('seats_per_departure').notNull(),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Full refund until this many hours before departure; null = no free cancellation. */
    fullRefundHours: smallint('full_refund_hours'),
    confirmation: confirmationMode('confirmation').notNull(),
    /** Sales close this many minutes before departure. */
    bookingCutoffMin: smallint('booking_cutoff_min').notNull(),
  },
  (t) => [
    index('travel_options_route_idx').on(t.routeId),
    check('travel_options_price', sql`${t.priceMinor} > 0`),
    check('travel_options_seats', sql`${t.seatsPerDeparture} > 0`),
  ],
);

/**
 * Seats of one travel option on one departure (schedule × service date). Rows are created
 * on first use (insert … on conflict do nothing), so twelve months of timetable cost nothing
 * until someone books; the row is what a seat hold locks.
 */
export const departureInventory = pgTable(
  'departure_inventory',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    travelOptionId: integer('travel_option_id')
      .notNull()
      .references(() => travelOptions.id, { onDelete: 'cascade' }),
    /** Local service date at the first stop. */
    serviceDate: date('service_date').notNull(),
    departureAt: timestamp('departure_at', { withTimezone: true }).notNull(),
    seatsTotal: smallint('seats_total').notNull(),
    seatsHeld: smallint('seats_held').notNull().default(0),
    seatsSold: smallint('seats_sold').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('departure_inventory_key').on(t.scheduleId, t.travelOptionId, t.serviceDate),
    index('departure_inventory_date_idx').on(t.serviceDate),
    check(
      'departure_inventory_capacity',
      sql`${t.seatsHeld} >= 0 and ${t.seatsSold} >= 0 and ${t.seatsHeld} + ${t.seatsSold} <= ${t.seatsTotal}`,
    ),
  ],
);

/** Units of a currency per 1 USD. */
export const fxRates = pgTable('fx_rates', {
  currency: text('currency').primaryKey(),
  perUsd: doublePrecision('per_usd').notNull(),
  /** Digits after the decimal point (ISO 4217): 0 for JPY, VND, IDR; 2 for most. */
  minorUnits: smallint('minor_units').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bumped whenever inventory data changes, so caches (the search index) know to reload. */
export const inventoryVersion = pgTable('inventory_version', {
  id: smallint('id').primaryKey().default(1),
  version: integer('version').notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const pricingRuleKind = pgEnum('pricing_rule_kind', ['early_booking', 'round_trip']);

/**
 * Discounts the search applies on top of an operator's fare (SPEC §3 discount_data,
 * round_trip_discount_pct). A null operator or class means "any"; an early-booking rule
 * applies when the departure is at least `minDaysAhead` days after the search.
 */
export const pricingRules = pgTable(
  'pricing_rules',
  {
    id: serial('id').primaryKey(),
    kind: pricingRuleKind('kind').notNull(),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'cascade' }),
    vehicleClass: vehicleClassId('vehicle_class'),
    minDaysAhead: smallint('min_days_ahead').notNull().default(0),
    discountPct: smallint('discount_pct').notNull(),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
  },
  (t) => [check('pricing_rules_pct', sql`${t.discountPct} between 1 and 90`)],
);
