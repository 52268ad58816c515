/**
 * The one Drizzle pg-core schema. The same SQL runs on embedded PGlite and on PostgreSQL.
 *
 * Conventions: money is integer minor units plus an ISO 4217 code; instants are `timestamptz`
 * (UTC); local timetable times are minutes after midnight in the departure station's zone,
 * because a timetable says "07:30 from Mo Chit" whatever the date's UTC offset.
 * Localised names are jsonb maps of locale code → text with `en` always present.
 */
import { sql } from 'drizzle-orm';
import { BOOKING_STATUSES } from '../../domain/booking/lifecycle.ts';
import type { RailpassRecord } from '../../domain/railpass/types.ts';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
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
  uuid,
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
    /** Other names travellers type: old or short names, other romanisations ("Saigon", "Korat"). */
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
    /** Other names travellers type (former names, other romanisations). */
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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

export const operators = pgTable(
  'operators',
  {
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
    /**
     * The operator's late-cancellation rule: the share of the fare, in percent, refunded when a
     * traveller cancels after free cancellation ended (and before departure).
     */
    lateRefundPct: smallint('late_refund_pct').notNull().default(50),
    /**
     * Issue 26 split payment: the operator takes the money for its trips itself (its own merchant
     * account), so a checkout holding its trips pays them as a part of their own, with its own
     * paygate and total (src/domain/payment/paymentParts.ts). False: the shop collects for it.
     */
    collectsOwnPayment: boolean('collects_own_payment').notNull().default(false),
  },
  (t) => [check('operators_late_refund_pct', sql`${t.lateRefundPct} between 0 and 100`)],
);

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
    /** SPEC §3 is_manual_pack: the operator sells the route only as one package (transfer and boat on one ticket). */
    manualPack: boolean('manual_pack').notNull().default(false),
    /** SPEC §3 external_purchase_url: sold only on the operator's own site; shown, never booked here. */
    externalPurchaseUrl: text('external_purchase_url'),
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
    /**
     * The vehicle whose places the option sells (its first seats_per_departure, in row order), when
     * the operator assigns seats; null: no seat choice, the operator seats travellers on board.
     */
    vehicleLayout: text('vehicle_layout').references((): AnyPgColumn => vehicleLayouts.code, { onDelete: 'restrict' }),
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

// ---------------------------------------------------------------------------------------------
// Cart, booking, seat holds and payments (checkout). Everything a booking points at has a foreign
// key. A booked leg must never lose or silently change what it points at, so its references to
// the network (schedule, travel option, stations, operator) and a hold's to its inventory row are
// RESTRICT: the network cannot be deleted (or reseeded, scripts/seed/write.ts) under a booking.
// Payments and holds are the money and seat ledger: a booking with them cannot be deleted either.
// A guest booking has no user; a deleted user's bookings stay with the operator (SET NULL).
// ---------------------------------------------------------------------------------------------

export const cartStatus = pgEnum('cart_status', ['open', 'frozen', 'ordered']);
export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);
export const holdStatus = pgEnum('hold_status', ['held', 'sold', 'released']);
export const paymentStatus = pgEnum('payment_status', ['pending', 'succeeded', 'failed', 'refunded']);

/** A traveller's selection before it is booked; found by its unguessable hash (SPEC §2 checkout/{hash}). */
export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull().unique(),
  status: cartStatus('status').notNull().default('open'),
  lang: text('lang').notNull(),
  currency: text('currency').notNull(),
  people: smallint('people').notNull(),
  /** A frozen cart keeps the prices it was quoted, whatever the fares do afterwards. */
  frozenAt: timestamp('frozen_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Issue 25: the white-label partner whose host the cart was made on (null: the main site). */
  partnerId: integer('partner_id').references((): AnyPgColumn => partners.id, { onDelete: 'set null' }),
  /** Issue 25: the affiliate id of the visitor's first visit (cookie), kept as text so reports survive a partner's deletion. */
  affiliateId: text('affiliate_id'),
});

/**
 * The browsers that may act on a cart once it has a booking: the SHA-256 of the HttpOnly
 * `cart_session` cookie of the browser that made the cart (and of one that resumed it through a
 * signed link). The cart hash alone is no key to a booking (src/server/booking/access.ts).
 */
export const cartSessions = pgTable(
  'cart_sessions',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.keyHash] })],
);

/** One trip of a cart (outbound, return): a search result's trip key and chosen option per leg. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    tripKey: text('trip_key').notNull(),
    optionIds: text('option_ids').notNull(),
  },
  (t) => [unique('cart_items_position').on(t.cartId, t.position)],
);

/** One vehicle of a cart item, with the unit price quoted when it was added (per passenger). */
export const cartLegs = pgTable(
  'cart_legs',
  {
    id: serial('id').primaryKey(),
    cartItemId: integer('cart_item_id')
      .notNull()
      .references(() => cartItems.id, { onDelete: 'cascade' }),
    legIndex: smallint('leg_index').notNull(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'restrict' }),
    travelOptionId: integer('travel_option_id')
      .notNull()
      .references(() => travelOptions.id, { onDelete: 'restrict' }),
    serviceDate: date('service_date').notNull(),
    departureAt: timestamp('departure_at', { withTimezone: true }).notNull(),
    arrivalAt: timestamp('arrival_at', { withTimezone: true }).notNull(),
    fromStationId: integer('from_station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'restrict' }),
    toStationId: integer('to_station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'restrict' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'restrict' }),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [
    unique('cart_legs_position').on(t.cartItemId, t.legIndex),
    // Deleting a schedule or travel option must find its legs quickly to refuse.
    index('cart_legs_schedule_idx').on(t.scheduleId),
    index('cart_legs_travel_option_idx').on(t.travelOptionId),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    /** What the traveller quotes to support and what the ticket's QR code carries. */
    reference: text('reference').notNull().unique(),
    /** The id public URLs carry (payment status, success page): random, so not enumerable. */
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id),
    status: bookingStatus('status').notNull(),
    /** Accounts' user id when signed in; a deleted user's bookings stay (SET NULL, see above). */
    userId: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    email: text('email'),
    lang: text('lang').notNull(),
    currency: text('currency').notNull(),
    people: smallint('people').notNull(),
    totalMinor: integer('total_minor').notNull(),
    passengers: jsonb('passengers')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    addons: jsonb('addons')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the confirmation mail went out; null on a paid booking means it is still owed. */
    confirmationMailedAt: timestamp('confirmation_mailed_at', { withTimezone: true }),
    /** A sender's claim on that mail, so two processes never send it twice; stale after minutes. */
    confirmationMailClaimedAt: timestamp('confirmation_mail_claimed_at', { withTimezone: true }),
    /** Set by the cancellation: when, and what goes back to the traveller (minor units, `currency`). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundMinor: integer('refund_minor'),
    /** When the cancellation mail was claimed for sending; it goes out once however often cancel is repeated. */
    cancellationMailedAt: timestamp('cancellation_mailed_at', { withTimezone: true }),
    /** Issue 25: copied from the cart when the booking is made (partner host, affiliate id of the first visit). */
    partnerId: integer('partner_id').references((): AnyPgColumn => partners.id, { onDelete: 'set null' }),
    affiliateId: text('affiliate_id'),
    /** Issue 25: the reseller (agent) account that booked for a customer; null for travellers' own bookings. */
    resellerUserId: integer('reseller_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * Issue 26 split payment: the payment part this booking is (`shop`, `operator:{id}`,
     * src/domain/payment/paymentParts.ts) when its cart is paid in parts — one booking per part;
     * null when the booking carries the whole cart.
     */
    paymentPart: text('payment_part'),
    /** The cart legs the part carries (item and leg indexes); null when it carries the whole cart. */
    partLegs: jsonb('part_legs').$type<{ itemIndex: number; legIndex: number }[]>(),
    /** Whether this part also carries the cart's other product lines and add-ons (the first part does). */
    partCarriesExtras: boolean('part_carries_extras').notNull().default(false),
  },
  (t) => [
    index('bookings_cart_idx').on(t.cartId),
    index('bookings_affiliate_idx').on(t.affiliateId),
    index('bookings_reseller_idx').on(t.resellerUserId),
    index('bookings_user_idx').on(t.userId),
    check('bookings_total', sql`${t.totalMinor} >= 0`),
  ],
);

/**
 * Every change of a booking, written in the transaction that makes it (src/server/booking/lifecycle/):
 * which transition, from which status to which, who did it, why, in which request, and the amount
 * when money moved. Never updated or deleted.
 */
export const bookingAudit = pgTable(
  'booking_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    transition: text('transition').notNull(),
    /** Null for the booking's birth (the hold). */
    fromStatus: bookingStatus('from_status'),
    toStatus: bookingStatus('to_status').notNull(),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    requestId: text('request_id'),
    reason: text('reason'),
    amountMinor: integer('amount_minor'),
    currency: text('currency'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_audit_booking_idx').on(t.bookingId, t.id)],
);

/** Seats of one departure held (then sold) for a booking; `seats` always counts passengers. */
export const seatHolds = pgTable(
  'seat_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    departureInventoryId: bigint('departure_inventory_id', { mode: 'number' })
      .notNull()
      .references(() => departureInventory.id, { onDelete: 'restrict' }),
    seats: smallint('seats').notNull(),
    status: holdStatus('status').notNull().default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seat_holds_booking_idx').on(t.bookingId),
    index('seat_holds_expiry_idx').on(t.status, t.expiresAt),
    check('seat_holds_seats', sql`${t.seats} > 0`),
  ],
);

/**
 * Cart lines that are not departure seats: a product kind (src/server/products) with its own line
 * data, parsed by that product's schema, and the line's price for all its travellers when it was
 * quoted. A line has its own total, not a price per passenger times the cart's people, because
 * its travellers may pay different fares (a rail pass for an adult and a child).
 */
export const cartProductLines = pgTable(
  'cart_product_lines',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    kind: text('kind').notNull(),
    line: jsonb('line').$type<Record<string, unknown>>().notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('cart_product_lines_position').on(t.cartId, t.position), check('cart_product_lines_price', sql`${t.priceMinor} >= 0`)],
);

/**
 * Stock of products other than departure seats (those keep theirs in departure_inventory, for the
 * one-statement hot paths): one row per product kind and stock key (a pass and its start day, say),
 * created by the first hold with the product's capacity. The check is what makes overselling impossible.
 */
export const productStock = pgTable(
  'product_stock',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    stockKey: text('stock_key').notNull(),
    capacity: integer('capacity').notNull(),
    held: integer('held').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('product_stock_key').on(t.kind, t.stockKey),
    check('product_stock_capacity', sql`${t.held} >= 0 and ${t.sold} >= 0 and ${t.held} + ${t.sold} <= ${t.capacity}`),
  ],
);

/** Units of product stock held (then sold) for a booking, like seat_holds for departures. */
export const productHolds = pgTable(
  'product_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    productStockId: bigint('product_stock_id', { mode: 'number' })
      .notNull()
      .references(() => productStock.id, { onDelete: 'restrict' }),
    quantity: smallint('quantity').notNull(),
    status: holdStatus('status').notNull().default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_holds_booking_idx').on(t.bookingId),
    index('product_holds_expiry_idx').on(t.status, t.expiresAt),
    check('product_holds_quantity', sql`${t.quantity} > 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    paygate: text('paygate').notNull(),
    /** The gateway's own id of this payment (session or counter reference). */
    providerRef: text('provider_ref').notNull().unique(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    failureCode: text('failure_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_booking_idx').on(t.bookingId)],
);

/** Webhook events already applied: a redelivered event id is acknowledged and ignored. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  paymentId: integer('payment_id')
    .notNull()
    .references(() => payments.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Webhooks the sandbox gateway still has to deliver (retried with backoff until acknowledged). */
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull().unique(),
    url: text('url').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [index('webhook_outbox_due_idx').on(t.deliveredAt, t.nextAttemptAt)],
);

/** First answer to a request carrying an Idempotency-Key, replayed for every repeat. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still being answered. */
    statusCode: smallint('status_code'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

// ─── Accounts (issue 6): users, server-side sessions, one-time tokens, sign-in attempts ───

export const userRole = pgEnum('user_role', ['user', 'reseller', 'admin', 'manager', 'support']);

/**
 * A traveller's or staff member's account. The email is stored lower-cased (addresses are
 * compared case-insensitively, SPEC §5). A deleted account keeps its row so that bookings stay
 * with the operator, but every personal field is cleared and `deletedAt` is set.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** `scrypt$N$r$p$salt$hash`; null for accounts that only sign in with Google or a link. */
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    role: userRole('role').notNull().default('user'),
    isStaff: boolean('is_staff').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    countryCode: text('country_code'),
    balanceMinor: integer('balance_minor').notNull().default(0),
    balanceCurrency: text('balance_currency').notNull().default('USD'),
    /** Base32 TOTP secret; `totpEnabledAt` is set once the first code confirmed it. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last accepted time step, so a code cannot be used twice (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    /** SHA-256 hashes of the unused recovery codes. */
    recoveryCodeHashes: text('recovery_code_hashes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * SPEC §6 agent branding: the operator a reseller sells for; its logo and name replace the
     * site logo in that agent's header. Cleared (not cascaded) when the operator goes away.
     */
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    /**
     * A reseller's own share of what their bookings pay, in basis points (src/server/partners/
     * resellerCommission.ts); null means the site's RESELLER_COMMISSION_BASIS_POINTS. Admins set it
     * on /{lang}/op/resellers.
     */
    commissionBasisPoints: integer('commission_basis_points'),
  },
  (t) => [
    unique('users_email_key').on(t.email),
    unique('users_google_sub_key').on(t.googleSub),
    check('users_commission_basis_points', sql`${t.commissionBasisPoints} between 0 and 5000`),
  ],
);

/**
 * Server-side sessions. The cookie holds a random 128-bit token; only its SHA-256 is stored, so
 * a leaked table cannot be replayed. `isTemp` marks authentication level 1 (a ticket link).
 */
/**
 * Changes staff make to an account (its role, its operator link), written in the same transaction
 * as the change: who did it, in which request, from what to what.
 */
export const userAudit = pgTable(
  'user_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    requestId: text('request_id'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_audit_user_idx').on(t.userId, t.id)],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isTemp: boolean('is_temp').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute timeout: the session ends here however active it is. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const authTokenPurpose = pgEnum('auth_token_purpose', [
  'verify_email',
  'login_link',
  'reset_password',
  'two_factor',
  'temp_access',
  'email_change',
]);

/**
 * Single-use tokens sent by mail or handed to the second sign-in step. Only the hash is stored;
 * `usedAt` is set in the same statement that checks it, so a token works once.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: authTokenPurpose('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    /** Purpose-specific data, e.g. the password hash of a registration waiting for verification. */
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * Attempt counters of the rate limits (src/server/rateLimit/): one row per key, counted up by a
 * single upsert before the work it limits, so concurrent attempts can never all read the same
 * count. A row whose window ended starts again at 1.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  // Ended windows are pruned as new ones open (src/server/rateLimit/counter.ts).
  (t) => [index('rate_limit_counters_window_idx').on(t.windowEndsAt)],
);

/** Passengers a traveller saved for the next checkout (SPEC §3 saved passenger). */
export const savedPassengers = pgTable(
  'saved_passengers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_passengers_user_idx').on(t.userId)],
);

/** Movements of a reseller's or traveller's balance (SPEC §6 balance link → /profile/transaction). */
export const balanceTransactions = pgTable(
  'balance_transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    /**
     * What moved the balance: `commission` (a reseller's share of a paid booking),
     * `commission_reversal` (given back when that booking is cancelled), `adjustment` (staff).
     * The page translates the kind; `description` keeps the words of an adjustment.
     */
    kind: text('kind').notNull().default('adjustment'),
    bookingId: integer('booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'set null' }),
    /** The domain event that caused it: delivered twice, written once. */
    eventId: integer('event_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('balance_transactions_user_idx').on(t.userId), index('balance_transactions_booking_idx').on(t.bookingId)],
);

/**
 * Traveller reviews of an operator, optionally of one route it runs (SPEC §7 reviews,
 * reviews/operator, reviews/trip). `rating` is whole stars 1–5; averages are shown to one decimal.
 * The operator's own `rating`/`review_count` columns stay the published aggregate.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    routeId: integer('route_id').references(() => routes.id, { onDelete: 'cascade' }),
    vehicleClass: vehicleClassId('vehicle_class').notNull(),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    authorName: text('author_name').notNull(),
    /** ISO 3166 country of the traveller, for the "from …" line. */
    authorCountry: text('author_country').notNull(),
    /** Language the review was written in (locale code). */
    language: text('language').notNull().default('en'),
    travelDate: date('travel_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_operator_idx').on(t.operatorId),
    index('reviews_route_idx').on(t.routeId),
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Domain events (src/server/events): what happened to a booking, written in the same transaction
 * as the change itself, so a committed change always has its event and a rolled-back one never
 * does. Subscribers (mail, refunds, analytics) are delivered to from `event_deliveries`.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('domain_events_booking_idx').on(t.bookingId)],
);

/**
 * One row per event and subscriber, written with the event. A dispatcher claims a row
 * (`claimed_until` in the future) before running the subscriber, so two processes never deliver
 * the same event to the same subscriber at once; a claim left by a process that died lapses and
 * the row is tried again. A failure keeps `last_error` and backs off through `next_attempt_at`.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] }), index('event_deliveries_due_idx').on(t.deliveredAt, t.nextAttemptAt)],
);

/**
 * The background jobs' run record (src/server/jobs), one row per job, written by whichever
 * process leads: `GET /api/health` reads it from any process.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  intervalMs: integer('interval_ms').notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  runs: bigint('runs', { mode: 'number' }).notNull().default(0),
  failures: bigint('failures', { mode: 'number' }).notNull().default(0),
  /** Which process ran it last (host:pid), to tell leaders apart in the health answer. */
  runBy: text('run_by'),
});

/**
 * The rail pass catalogue (src/domain/railpass/types.ts `RailpassRecord`): passes sold through
 * the same cart as trips (kind `railpass`, src/server/railpass/product.ts). Prices are minor units
 * of the issuer's `currency`, in `class_options`; the structured columns are jsonb because the
 * catalogue is read whole into memory (src/server/railpass/catalogue.ts), never queried by them.
 * Cart lines name a pass by id, so a reseed keeps ids (the seed writes them explicitly).
 */
export const railpasses = pgTable(
  'railpasses',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    mainPassId: integer('main_pass_id').references((): AnyPgColumn => railpasses.id, { onDelete: 'set null' }),
    countrySlug: text('country_slug').notNull(),
    countryCodes: text('country_codes').array().notNull(),
    type: text('type').notNull(),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    summary: jsonb('summary').$type<LocalizedText>().notNull(),
    operators: jsonb('operators').$type<RailpassRecord['operators']>().notNull(),
    regions: jsonb('regions').$type<RailpassRecord['regions']>().notNull(),
    currency: text('currency').notNull(),
    classOptions: jsonb('class_options').$type<RailpassRecord['classOptions']>().notNull(),
    passengerKinds: jsonb('passenger_kinds').$type<RailpassRecord['passengerKinds']>().notNull(),
    validity: jsonb('validity').$type<RailpassRecord['validity']>().notNull(),
    activationWindowDays: smallint('activation_window_days').notNull(),
    residence: jsonb('residence').$type<RailpassRecord['residence']>(),
    refund: jsonb('refund').$type<RailpassRecord['refund']>().notNull(),
    activation: text('activation').notNull(),
    labels: text('labels').array().notNull(),
    features: text('features').array().notNull(),
    photos: jsonb('photos').$type<RailpassRecord['photos']>().notNull(),
    dailyAllocation: integer('daily_allocation').notNull(),
    popularity: integer('popularity').notNull().default(0),
  },
  (t) => [
    index('railpasses_country_idx').on(t.countrySlug),
    check('railpasses_type', sql`${t.type} in ('route', 'pass', 'trip')`),
    check('railpasses_activation', sql`${t.activation} in ('exchange', 'activate_online', 'first_use')`),
    check('railpasses_window', sql`${t.activationWindowDays} between 1 and 366`),
  ],
);

export const railpassReviews = pgTable(
  'railpass_reviews',
  {
    id: serial('id').primaryKey(),
    railpassId: integer('railpass_id')
      .notNull()
      .references(() => railpasses.id, { onDelete: 'cascade' }),
    classKey: text('class_key').notNull(),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    authorName: text('author_name').notNull(),
    authorCountry: text('author_country').notNull(),
    language: text('language').notNull().default('en'),
    travelDate: date('travel_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('railpass_reviews_pass_idx').on(t.railpassId), check('railpass_reviews_rating', sql`${t.rating} between 1 and 5`)],
);

// ── Seat choice (issue 27) ─────────────────────────────────────────────────────────────────────
// A vehicle's layout (decks, rows, seat letters; src/domain/seats/layout.ts) and the places
// chosen for a booking. A chosen place belongs to one seat hold: it is taken while that hold is
// held or sold, and free again the moment the hold is released (lapse, cancel, refund, class
// change) without a write of its own. Places are checked and written under the inventory row
// locks of the booking core (src/server/seats/README.md).

/** A vehicle's layout, deck by deck, parsed by `layoutDecksSchema`. */
export const vehicleLayouts = pgTable('vehicle_layouts', {
  code: text('code').primaryKey(),
  /** For staff and the API ("Sleeper coach, two decks"). */
  name: text('name').notNull(),
  decks: jsonb('decks').notNull(),
});

/** One place (`12A`) of a departure chosen for a booking's hold on it. */
export const seatAssignments = pgTable(
  'seat_assignments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seatHoldId: bigint('seat_hold_id', { mode: 'number' })
      .notNull()
      .references(() => seatHolds.id, { onDelete: 'restrict' }),
    departureInventoryId: bigint('departure_inventory_id', { mode: 'number' })
      .notNull()
      .references(() => departureInventory.id, { onDelete: 'restrict' }),
    seatCode: text('seat_code').notNull(),
  },
  (t) => [
    unique('seat_assignments_hold_seat').on(t.seatHoldId, t.seatCode),
    index('seat_assignments_departure_idx').on(t.departureInventoryId, t.seatCode),
  ],
);
// ---------------------------------------------------------------------------------------------
// Payments as a shop runs them (issue 26): refunds recorded against the provider that took the
// money, the card BIN table Admin maintains, and the state of the local provider sandboxes.
// ---------------------------------------------------------------------------------------------

/**
 * Every refund asked of a paygate: the payment it gives back (so the provider and method that
 * took the money), the amount in the currency charged, and the provider's own reference. The
 * idempotency key (the domain event that made it due) is unique: a redelivered event finds its
 * refund here and asks the provider nothing twice.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    paygate: text('paygate').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The provider's id of the refund; null until the provider answered. */
    providerRefundRef: text('provider_refund_ref'),
    state: text('state').notNull().default('requested'),
    /**
     * Which attempt the row stands at: 1 for the event's own call, one more for each retry staff
     * start after a failure. Each attempt has its own idempotency key (refunds.ts `attemptKey`),
     * since a provider replays the answer it gave a key — a declined key stays declined.
     */
    attempt: integer('attempt').notNull().default(1),
    /** Why the last attempt failed (the provider's error, short); null unless failed. */
    failureCode: text('failure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    check('payment_refunds_amount', sql`${t.amountMinor} > 0`),
    check('payment_refunds_state', sql`${t.state} in ('requested', 'pending', 'succeeded', 'failed')`),
  ],
);

/**
 * Every call made to a provider for a refund, with its answer: the refund's own history. A retry
 * names the staff member who started it and the request; the event's own first call has none.
 */
export const paymentRefundAttempts = pgTable(
  'payment_refund_attempts',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => paymentRefunds.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The staff member who retried; null for the event's own call. */
    staffUserId: integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestId: text('request_id'),
    outcome: text('outcome').notNull(),
    providerRefundRef: text('provider_refund_ref'),
    failureCode: text('failure_code'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_refund_attempts_refund_idx').on(t.refundId, t.id),
    check('payment_refund_attempts_outcome', sql`${t.outcome} in ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * Card BIN ranges Admin added or changed over the table the project ships
 * (src/domain/payment/bins.ts): the longest matching prefix wins, rows here before shipped ones.
 */
export const cardBinRanges = pgTable('card_bin_ranges', {
  prefix: text('prefix').primaryKey(),
  scheme: text('scheme').notNull(),
  issuerCountry: text('issuer_country').notNull(),
  cardType: text('card_type').notNull(),
  paygate: text('paygate').notNull(),
  /** The fee the shop pays the provider for this card, in basis points of the amount. */
  feeBasisPoints: integer('fee_basis_points').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the local provider sandboxes (src/server/payment/yuno/sandbox.ts) remember between calls,
 * as the real provider would on its side: sessions, payments, refunds, idempotency keys.
 */
export const providerSandboxRecords = pgTable(
  'provider_sandbox_records',
  {
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.kind, t.id] })],
);

/**
 * Site settings admins change at run time (issue 22, /{lang}/op/settings; src/server/settings/):
 * one row per setting that differs from its configured default, the value checked by the
 * setting's zod schema on the way in and out. Changes are audited in `network_audit`
 * (entity `site_setting`) and announced on the bus (`settings_changed`).
 */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/* ---------------------------------------------------------------------------------------------
 * Operators area (issue 22): sales closed per departure, and the audit of staff changes to the
 * network (who, when, what, before and after), shown on the changed object's page.
 * ------------------------------------------------------------------------------------------- */

/**
 * A departure (schedule × local service date at the first stop) whose sales a manager closed:
 * search stops offering it and carts can no longer hold seats on it. Bookings already made keep
 * their seats (closing is not cancelling). Reopening deletes the row; the audit keeps both.
 */
export const departureSalesClosures = pgTable(
  'departure_sales_closures',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    serviceDate: date('service_date').notNull(),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.serviceDate] }), index('departure_sales_closures_date_idx').on(t.serviceDate)],
);

/**
 * Every staff change to the network and its content, written in the transaction that makes it:
 * the object (`entity` + `entity_key`), the action, the staff member, the request, and the
 * object's state before and after (null when it did not exist). Never updated or deleted.
 */
export const networkAudit = pgTable(
  'network_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: text('entity').notNull(),
    entityKey: text('entity_key').notNull(),
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    requestId: text('request_id'),
    reason: text('reason'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('network_audit_entity_idx').on(t.entity, t.entityKey, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Support cases, attachments, surveys and chat (issue 24 items 2, 3, 7; src/server/support/).
// ---------------------------------------------------------------------------------------------

/**
 * A traveller's question to Support. `number` is what the traveller quotes and the mail shows;
 * the thread link is signed over the row id (src/server/support/links.ts), never guessable.
 * `status`: open (waiting for Support), answered (Support replied last), closed.
 */
export const supportCases = pgTable(
  'support_cases',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    topic: text('topic').notNull(),
    email: text('email').notNull(),
    lang: text('lang').notNull(),
    userId: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The booking the case is about, when the traveller named one (reference + e-mail, or their own). */
    bookingId: integer('booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_cases_status_idx').on(t.status, t.updatedAt),
    index('support_cases_user_idx').on(t.userId),
    check('support_cases_status', sql`${t.status} in ('open', 'answered', 'closed')`),
  ],
);

/** The thread of a case: the traveller's first message, Support's replies, and chat lines. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => supportCases.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    /** The staff member who wrote it (author `staff`). */
    staffUserId: integer('staff_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    channel: text('channel').notNull().default('case'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_case_idx').on(t.caseId, t.id),
    check('support_messages_author', sql`${t.author} in ('traveller', 'staff')`),
    check('support_messages_channel', sql`${t.channel} in ('case', 'chat')`),
  ],
);

/**
 * A live chat with Support (issue 24 item 7, src/server/support/chat.ts): the conversation of one
 * traveller (`owner`, the `{userId}` of chatProxy/{userId}: an account id, or `g-…` for a visitor
 * proven by the chat cookie) on one case — its lines are `support_messages` rows with channel
 * `chat`, so the case's thread shows them. A closed case ends the chat; the next line opens a new
 * case. `waiting_since`: the traveller's first line Support has not answered yet (null once
 * Support answers); the operators area lists waiting chats oldest first.
 */
export const supportChats = pgTable(
  'support_chats',
  {
    id: serial('id').primaryKey(),
    owner: text('owner').notNull(),
    caseId: integer('case_id')
      .notNull()
      .unique()
      .references(() => supportCases.id, { onDelete: 'cascade' }),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_chats_owner_idx').on(t.owner, t.id), index('support_chats_waiting_idx').on(t.waitingSince)],
);

/**
 * An uploaded file (POST /{lang}/file/upload). It is stored under UPLOAD_DIR (outside the served
 * folder) as `stored_name`; `token` is the unguessable id the uploader gets back and hands to
 * support/send-case, which attaches it to the case (`case_id`). Unattached uploads are only
 * reachable by that token's holder until they are attached.
 */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: serial('id').primaryKey(),
    token: uuid('token').notNull().defaultRandom().unique(),
    caseId: integer('case_id').references(() => supportCases.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storedName: text('stored_name').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_attachments_case_idx').on(t.caseId), check('support_attachments_size', sql`${t.size} > 0`)],
);

/**
 * A survey sent by mail (rate-support after an answer, support-ces, nps after the trip). The mailed
 * hash signs the row id; `answered_at` makes it single use. One NPS survey per booking.
 */
export const supportSurveys = pgTable(
  'support_surveys',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    caseId: integer('case_id').references(() => supportCases.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    lang: text('lang').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    score: smallint('score'),
    comment: text('comment'),
  },
  (t) => [
    index('support_surveys_case_idx').on(t.caseId),
    unique('support_surveys_booking_kind').on(t.bookingId, t.kind),
    check('support_surveys_kind', sql`${t.kind} in ('rate', 'ces', 'nps')`),
    check(
      'support_surveys_score',
      sql`${t.score} is null or (${t.kind} = 'rate' and ${t.score} between 1 and 5) or (${t.kind} = 'ces' and ${t.score} between 1 and 7) or (${t.kind} = 'nps' and ${t.score} between 0 and 10)`,
    ),
  ],
);

// ── Support self-service and mail preferences (issue 24, supportself) ──────────────────────────
// A traveller's opt-out from one kind of non-transactional mail (src/server/mail/preferences.ts).
// Keyed by the lower-cased address, not the account: guests unsubscribe too, and the link in the
// mail is all they have. Transactional mail (tickets, refunds) never looks here.

export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    email: text('email').notNull(),
    mailType: text('mail_type').notNull(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull(),
    /** `link` (the page or GET unsubscribe) or `one_click` (RFC 8058 POST from the mail client). */
    via: text('via').notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.mailType] }), check('mail_opt_outs_via', sql`${t.via} in ('link', 'one_click')`)],
);

/**
 * The trip reminder owed the day before departure, once per booking: a row is the claim
 * (inserted before sending, so two job runners never both mail), `outcome` what became of it.
 */
export const tripReminderMails = pgTable(
  'trip_reminder_mails',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    /** null while being sent; `sent`, `opted_out` when the address declined reminders, `skipped` without an address. */
    outcome: text('outcome'),
  },
  (t) => [check('trip_reminder_mails_outcome', sql`${t.outcome} is null or ${t.outcome} in ('sent', 'opted_out', 'skipped')`)],
);

/**
 * Passenger corrections a traveller asked for after the operator's cut-off: the booking is not
 * changed; Support sees the request on the booking's page in the operators area and settles it.
 */
export const passengerChangeRequests = pgTable(
  'passenger_change_requests',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The passengers as the traveller wants them (the booking's records with the corrections applied). */
    passengers: jsonb('passengers').$type<Record<string, unknown>[]>().notNull(),
    /** The signed-in traveller, or null for a guest with the ticket link. */
    userId: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    requestId: text('request_id'),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('passenger_change_requests_booking_idx').on(t.bookingId),
    check('passenger_change_requests_status', sql`${t.status} in ('pending', 'done', 'declined')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Partners and feature flags (issue 25, items 1 and 3). White-label partners are records that
// Admin manages at run time (src/server/partners/); flags are a registry with variants and shares
// (src/server/flags/). Both are read into memory by every server process and refreshed through the
// bus when Admin changes them.
// ---------------------------------------------------------------------------------------------

/** Translation overrides: locale code (or `*` for every locale) → message key → text. */
export type TranslationOverrides = Record<string, Record<string, string>>;

/** A white-label partner (SPEC §3 agent/white-label config). */
export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    /** `default` or one of the nine partner themes of src/styles/tokens.ts (SPEC §9). */
    theme: text('theme').notNull().default('default'),
    /** Image URL (https or a path on this site) replacing the built-in mark; null keeps the mark. */
    logo: text('logo'),
    title: text('title').notNull(),
    translationOverrides: jsonb('translation_overrides')
      .$type<TranslationOverrides>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Carried from a visitor's first visit into carts, bookings and staff reports. */
    affiliateId: text('affiliate_id').notNull().unique(),
    hideBackButton: boolean('hide_back_button').notNull().default(false),
    disableLogoUrl: boolean('disable_logo_url').notNull().default(false),
    /** SPEC §3 "api trackers listing routes with session recording": route names recorded for this partner. */
    trackers: jsonb('trackers')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'partners_theme',
      sql`${t.theme} in ('default', 'blue', 'beige', 'cinnabar', 'cranberry', 'orange', 'red', 'brand', 'light-violet', 'green')`,
    ),
  ],
);

/** The hosts a partner is served on; one host belongs to one partner (the primary key says so). */
export const partnerHosts = pgTable(
  'partner_hosts',
  {
    host: text('host').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
  },
  (t) => [index('partner_hosts_partner_idx').on(t.partnerId), check('partner_hosts_lower', sql`${t.host} = lower(${t.host})`)],
);

/** A feature flag: its variants with the share of new visitors each gets (percent, summing to 100). */
export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  description: text('description').notNull().default(''),
  /** `[{ name, share }]`; the first variant is the control a visitor gets when the flag is unknown to them. */
  variants: jsonb('variants').$type<{ name: string; share: number }[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Analytics, client errors and route redirects (issue 25 items 4–6, src/server/analytics/).
// ---------------------------------------------------------------------------------------------

/**
 * What the consent-gated collector records (page views, searches, tabs, checkout stages, search
 * failures, click paths, arrivals from outside). Declaratively partitioned by day on
 * `recorded_at` (the server's clock, so a wrong client clock cannot scatter rows): the hand-written
 * migration 0017 turns the table drizzle-kit creates into `PARTITION BY RANGE (recorded_at)` with
 * one partition a day and a default partition, and `analytics_ensure_partitions()` makes the next
 * days' partitions (the `analytics-partitions` job). The primary key holds the partition key, as
 * PostgreSQL requires. `host` and `affiliate_id` name the partner the visit came through.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    id: uuid('id').notNull().defaultRandom(),
    /** The browser's own time of the event (not trusted for partitioning). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    visitorId: text('visitor_id').notNull(),
    sessionId: text('session_id').notNull(),
    kind: text('kind').notNull(),
    /** The funnel stage this event proves (search, add_to_cart, passengers, payment, paid), if any. */
    stage: text('stage'),
    path: text('path').notNull(),
    host: text('host').notNull(),
    affiliateId: text('affiliate_id'),
    lang: text('lang').notNull(),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.recordedAt, t.id] }), index('analytics_events_stage_idx').on(t.stage, t.recordedAt)],
);

/** Errors the browser reported (after the client's ignore list), batched by the collector's worker. */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    sessionId: text('session_id'),
    message: text('message').notNull(),
    stack: text('stack'),
    source: text('source'),
    path: text('path').notNull(),
    host: text('host').notNull(),
    userAgent: text('user_agent'),
    /** The same error repeated within one batch is sent once with its count. */
    count: integer('count').notNull().default(1),
  },
  (t) => [index('client_errors_recorded_idx').on(t.recordedAt)],
);

/** Session replay chunks (rrweb events) of sampled sessions, in the order the browser sent them. */
export const sessionReplays = pgTable(
  'session_replays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    sessionId: text('session_id').notNull(),
    seq: integer('seq').notNull(),
    path: text('path').notNull(),
    events: jsonb('events').$type<unknown[]>().notNull(),
  },
  (t) => [index('session_replays_session_idx').on(t.sessionId, t.seq)],
);

/**
 * Bug reports sent to staff (`bug-report`): kept so the same message is mailed once an hour
 * unless the reporter forces it, and so staff can see what was reported when.
 */
export const bugReports = pgTable(
  'bug_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** sha256 of the message, to find a repeat. */
    digest: text('digest').notNull(),
    message: text('message').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    path: text('path'),
    reporterId: integer('reporter_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    mailedTo: integer('mailed_to').notNull().default(0),
  },
  (t) => [index('bug_reports_digest_idx').on(t.digest, t.recordedAt)],
);

/**
 * Route-level redirects managed by Admin in the operators area (SPEC §2): a request for `fromPath`
 * is sent to `target`; an absolute target (with a scheme) is an external jump.
 */
export const routeRedirects = pgTable('route_redirects', {
  fromPath: text('from_path').primaryKey(),
  target: text('target').notNull(),
  /** 301 (moved for good) or 302 (for now). */
  status: smallint('status').notNull().default(302),
  createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Admin's per-page search-engine texts (issue 22, SPEC §7 `admin/seo`): a page's address as
 * visitors use it (`/en/bus/bangkok/chiang-mai`) with the title, description and heading to show
 * instead of the built ones. A null field keeps the page's own text.
 */
export const seoOverrides = pgTable(
  'seo_overrides',
  {
    path: text('path').primaryKey(),
    title: text('title'),
    description: text('description'),
    heading: text('heading'),
    updatedBy: integer('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('seo_overrides_path', sql`${t.path} like '/%'`)],
);

/**
 * Support articles edited in the operators area and published without a deploy (issue 22,
 * SPEC §7 `admin/article`): one row per article (slug of content/support) and language; the help
 * pages and `support/article` show it instead of the file. `page_path` is the article's address in
 * that language, so a request finds its override without the content store.
 */
export const supportArticleOverrides = pgTable(
  'support_article_overrides',
  {
    slug: text('slug').notNull(),
    localeCode: text('locale_code').notNull(),
    pagePath: text('page_path').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Plain text, paragraphs separated by a blank line; shown escaped (never as HTML). */
    body: text('body').notNull(),
    updatedBy: integer('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.localeCode] })],
);

/** Raw bytes (PostgreSQL bytea): pg hands back a Buffer, PGlite a Uint8Array; both are Uint8Array. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * GTFS feeds Admin uploaded in the operators area (issue 22 item 3), kept between the dry run and
 * the apply so the apply reads exactly the feed whose difference Admin saw, whichever server
 * process answers. The id is the feed's SHA-256, so the same file uploaded twice is one row.
 */
export const gtfsUploads = pgTable('gtfs_uploads', {
  id: text('id').primaryKey(),
  fileName: text('file_name').notNull(),
  data: bytes('data').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  uploadedBy: integer('uploaded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
});
