/**
 * The `hold` transition: a booking is born holding seats on every leg, all or nothing (a
 * connection is never half held).
 *
 * The usual case is one statement (holdInOneStatement): it locks the legs' inventory rows with
 * SELECT … FOR UPDATE in the global lock order, checks the seats, raises seats_held and writes
 * the booking, its holds and its audit row. A departure nobody has booked yet gets its inventory
 * row first (insert … on conflict do nothing), then the same statement runs again. When lapsed
 * holds might free the seats, a transaction does the same in steps: it locks the rows, releases
 * lapsed holds (lapse.ts), and only then checks and changes the counts. Either way the check reads
 * the locked row, which is exactly what makes the lock necessary: `lock: false` exists only so the
 * concurrency test can show the overselling that happens without it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { ChangeContext } from '../../../domain/booking/actor.ts';
import { lockOrder } from '../../../domain/cart/holds.ts';
import type { QuotedLeg } from '../../../domain/cart/quote.ts';
import type { Db } from '../../db/client.ts';
import { bookingAudit, bookings, departureInventory, seatHolds } from '../../db/schema.ts';
import { releaseLapsedOnLockedRows, releaseLapsedOnStockRows } from './lapse.ts';
import { seatsTakenAmong, writeChosenSeats } from '../../seats/assign.ts';
import { holdProductStock, type ProductShortage, type ProductStockWant } from './productStock.ts';
import { changeInTransaction, type Tx } from './locks.ts';
import { AUDIT_COLUMNS, auditBirth, auditRowSql } from './transition.ts';

export interface ReservedBooking {
  id: number;
  /** The id public URLs and answers carry (random, src/server/booking/access.ts). */
  publicId: string;
  reference: string;
  totalMinor: number;
  currency: string;
  holdExpiresAt: Date;
}

export interface SoldOutLeg {
  scheduleId: number;
  travelOptionId: number;
  serviceDate: string;
  seatsLeft: number;
}

export type HoldResult =
  | { ok: true; booking: ReservedBooking }
  | { ok: false; code: 'sold_out'; legs: SoldOutLeg[]; products: ProductShortage[] }
  /** A chosen place was taken by another booking first (src/server/seats/assign.ts). */
  | { ok: false; code: 'seat_taken'; seats: string[] };

/**
 * Test-only: called after the chosen places were found free, before they are written. The seat
 * race test holds every buyer here a moment, so that without the row lock they all pass the check
 * (tests/integration/seats.concurrency.test.ts); with it only one buyer at a time gets this far.
 */
export const holdProbe: { afterSeatCheck?: (() => Promise<void>) | undefined } = {};

class SeatTaken extends Error {
  readonly seats: string[];
  constructor(seats: string[]) {
    super('seat taken');
    this.seats = seats;
  }
}

class SoldOut extends Error {
  readonly legs: SoldOutLeg[];
  readonly products: ProductShortage[];
  constructor(legs: SoldOutLeg[], products: ProductShortage[] = []) {
    super('sold out');
    this.legs = legs;
    this.products = products;
  }
}

/** What the caller of a hold learns of a booking it wrote. */
function reservedOf(booking: typeof bookings.$inferSelect): ReservedBooking {
  return {
    id: booking.id,
    publicId: booking.publicId,
    reference: booking.reference,
    totalMinor: booking.totalMinor,
    currency: booking.currency,
    holdExpiresAt: booking.holdExpiresAt,
  };
}

/** A refusal thrown to roll a hold's transaction back, as the hold's answer; anything else is thrown on. */
function refusalOf(error: unknown): Exclude<HoldResult, { ok: true }> {
  if (error instanceof SoldOut) return { ok: false, code: 'sold_out', legs: error.legs, products: error.products };
  if (error instanceof SeatTaken) return { ok: false, code: 'seat_taken', seats: error.seats };
  throw error;
}

/** Booking reference: 8 characters without look-alikes (no 0/O, 1/I/L), easy to read out. */
export function newBookingReference(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length] ?? 'X';
  return out;
}

/**
 * The legs' inventory rows in the global lock order, each with the seats of its holds that have
 * lapsed; with `lock`, locked FOR UPDATE. The count is read in the same statement; when the lock
 * had to be waited for it can be stale, which errs on the safe side (a lapsed hold not yet
 * counted is freed by the next reserve or the sweeper; a counted one is re-checked by the release).
 */
async function legRows(tx: Tx, legs: readonly QuotedLeg[], now: Date, lock: boolean) {
  const match = or(
    ...legs.map((leg) =>
      and(
        eq(departureInventory.scheduleId, leg.scheduleId),
        eq(departureInventory.travelOptionId, leg.travelOptionId),
        eq(departureInventory.serviceDate, leg.serviceDate),
      ),
    ),
  );
  // Spelled out with table names: in a one-table select Drizzle leaves columns unqualified, and an
  // unqualified "id" inside this subquery would be the hold's id, not the departure's.
  const lapsedSeats = sql<number>`(select coalesce(sum(h.seats), 0)::int from ${seatHolds} h
    where h.departure_inventory_id = ${sql.identifier('departure_inventory')}.id and h.status = 'held' and h.expires_at <= ${now})`;
  const select = tx
    .select({
      id: departureInventory.id,
      scheduleId: departureInventory.scheduleId,
      travelOptionId: departureInventory.travelOptionId,
      serviceDate: departureInventory.serviceDate,
      seatsTotal: departureInventory.seatsTotal,
      seatsHeld: departureInventory.seatsHeld,
      seatsSold: departureInventory.seatsSold,
      lapsedSeats,
    })
    .from(departureInventory)
    .where(match)
    .orderBy(departureInventory.scheduleId, departureInventory.travelOptionId, departureInventory.serviceDate);
  return lock ? select.for('update', { of: departureInventory }) : select;
}

type LockedLegRow = Awaited<ReturnType<typeof legRows>>[number];

/**
 * The legs' rows locked (in the global lock order), with the holds that lapsed on them released
 * under that lock and taken off the counts: what a hold may count on. Both the single hold and
 * the split-payment hold start here.
 */
async function lockedRowsWithoutLapsedHolds(tx: Tx, legs: readonly QuotedLeg[], now: Date, ctx: ChangeContext, lock: boolean) {
  const rows = legs.length === 0 ? [] : await legRows(tx, legs, now, lock);
  if (!rows.some((r) => r.lapsedSeats > 0)) return rows;
  const released = await releaseLapsedOnLockedRows(
    tx,
    rows.map((r) => r.id),
    now,
    ctx,
  );
  return rows.map((r) => ({ ...r, seatsHeld: r.seatsHeld - (released.get(r.id) ?? 0) }));
}

/**
 * Throws SoldOut, naming every leg short of seats, unless each row has the seats `needed` on it
 * (a single booking's travellers; for a cart paid in parts, all its parts' on that row) and every
 * leg has its row.
 */
function assertSeatsLeft(rows: readonly LockedLegRow[], legCount: number, needed: (row: LockedLegRow) => number): void {
  const seatsLeft = (r: LockedLegRow) => r.seatsTotal - r.seatsHeld - r.seatsSold;
  const short = rows.filter((r) => seatsLeft(r) < needed(r));
  if (short.length > 0 || rows.length !== legCount)
    throw new SoldOut(
      short.map((r) => ({
        scheduleId: r.scheduleId,
        travelOptionId: r.travelOptionId,
        serviceDate: r.serviceDate,
        seatsLeft: Math.max(0, seatsLeft(r)),
      })),
    );
}

/** Creates the legs' inventory rows that do not exist yet (a concurrent creator is harmless). */
function createInventoryRows(db: Db, legs: readonly QuotedLeg[]) {
  return db
    .insert(departureInventory)
    .values(
      legs.map((leg) => ({
        scheduleId: leg.scheduleId,
        travelOptionId: leg.travelOptionId,
        serviceDate: leg.serviceDate,
        departureAt: leg.departureAt,
        seatsTotal: leg.seatsPerDeparture,
      })),
    )
    .onConflictDoNothing({
      target: [departureInventory.scheduleId, departureInventory.travelOptionId, departureInventory.serviceDate],
    });
}

function keyOf(leg: { scheduleId: number; travelOptionId: number; serviceDate: string }) {
  return `${leg.scheduleId}:${leg.travelOptionId}:${leg.serviceDate}`;
}

export interface NewBooking {
  cartId: number;
  people: number;
  totalMinor: number;
  userId: number | null;
  email: string | null;
  lang: string;
  currency: string;
  passengers: Record<string, unknown>[];
  addons: Record<string, unknown>;
  now: Date;
  expiresAt: Date;
  /** Who makes the booking (the traveller, a partner, staff for a traveller). */
  ctx: ChangeContext;
  /** Stock of the cart's other products (src/server/products), held with the seats, all or nothing. */
  products?: readonly ProductStockWant[];
  /** Places the traveller chose on legs whose operator assigns seats (one per passenger), held with the seats. */
  seats?: readonly LegSeats[];
  /** Split payment: the part this booking is and the cart legs it carries (absent: the whole cart). */
  part?: { key: string; legs: readonly { itemIndex: number; legIndex: number }[]; carriesExtras: boolean };
}

/** The places chosen on one leg, named by its departure. */
export interface LegSeats {
  scheduleId: number;
  travelOptionId: number;
  serviceDate: string;
  seats: readonly string[];
}

type OneStatementHold =
  | { outcome: 'held'; booking: ReservedBooking }
  | { outcome: 'sold_out'; legs: SoldOut['legs'] }
  /** A departure nobody has booked yet has no inventory row: create it, then try again. */
  | { outcome: 'missing_rows' }
  /** Lapsed holds may free the seats: the stepwise transaction releases them and decides. */
  | { outcome: 'lapsed_holds' };

/**
 * The usual hold in one statement: lock the legs' rows in the global lock order, check every leg
 * has the seats, add them to seats_held, write the booking and its holds. One statement is one
 * transaction, and the row locks last only while it runs: buyers of the same departure queue
 * behind one round trip instead of six. Locked rows come back as they are after any concurrent
 * change (READ COMMITTED re-reads a row it waited for), and the new count is computed from that
 * locked row, as the stepwise path does. Without `lock` (the concurrency test's negative control)
 * both read a snapshot another buyer may already have changed: updates are lost and seats are
 * oversold.
 */
async function holdInOneStatement(db: Db, legs: readonly QuotedLeg[], b: NewBooking, lock: boolean): Promise<OneStatementHold> {
  const wanted = legs.map((leg) => sql`(${leg.scheduleId}::integer, ${leg.travelOptionId}::integer, ${leg.serviceDate}::date)`);
  const now = b.now.toISOString();
  const expiresAt = b.expiresAt.toISOString();
  const result = await db.execute(sql`
    with wanted (schedule_id, travel_option_id, service_date) as (values ${sql.join(wanted, sql`, `)}),
    locked as materialized (
      select d.id, d.schedule_id, d.travel_option_id, d.service_date, d.seats_total, d.seats_held, d.seats_sold,
        (select coalesce(sum(h.seats), 0) from ${seatHolds} h
          where h.departure_inventory_id = d.id and h.status = 'held' and h.expires_at <= ${now}::timestamptz) as lapsed
      from ${departureInventory} d
      join wanted w on d.schedule_id = w.schedule_id and d.travel_option_id = w.travel_option_id and d.service_date = w.service_date
      order by d.schedule_id, d.travel_option_id, d.service_date
      ${lock ? sql`for update of d` : sql``}
    ),
    verdict as (
      select count(*) = ${legs.length} and coalesce(bool_and(seats_total - seats_held - seats_sold >= ${b.people}), false) as ok
      from locked
    ),
    held as (
      update ${departureInventory} d set seats_held = l.seats_held + ${b.people}, updated_at = ${now}::timestamptz
      from locked l, verdict v where v.ok and d.id = l.id
    ),
    booking as (
      insert into ${bookings} (reference, cart_id, status, user_id, email, lang, currency, people, total_minor, passengers, addons,
        hold_expires_at, created_at, updated_at)
      select ${newBookingReference()}, ${b.cartId}::integer, 'reserved'::booking_status, ${b.userId}::integer, ${b.email}::text,
        ${b.lang}::text, ${b.currency}::text, ${b.people}::smallint, ${b.totalMinor}::integer, ${JSON.stringify(b.passengers)}::jsonb,
        ${JSON.stringify(b.addons)}::jsonb, ${expiresAt}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
      from verdict where ok
      returning id, public_id, reference, total_minor, currency
    ),
    holds as (
      insert into ${seatHolds} (booking_id, departure_inventory_id, seats, status, expires_at, created_at)
      select booking.id, locked.id, ${b.people}::smallint, 'held'::hold_status, ${expiresAt}::timestamptz, ${now}::timestamptz
      from booking cross join locked
    ),
    audit as (
      insert into ${bookingAudit} ${AUDIT_COLUMNS}
      select ${auditRowSql({ bookingId: sql`booking.id`, transition: 'hold', from: sql`null::booking_status`, to: sql`'reserved'::booking_status`, ctx: b.ctx, now: b.now, amountMinor: sql`booking.total_minor`, currency: sql`booking.currency` })}
      from booking
    )
    select l.schedule_id::int as schedule_id, l.travel_option_id::int as travel_option_id, l.service_date::text as service_date,
      (l.seats_total - l.seats_held - l.seats_sold)::int as seats_left, l.lapsed::int as lapsed,
      booking.id::int as booking_id, booking.public_id::text as public_id, booking.reference, booking.total_minor::int as total_minor, booking.currency
    from locked l left join booking on true`);
  // Both drivers (node-postgres and PGlite) answer a raw statement with `{ rows }`.
  const { rows } = result as {
    rows: {
      schedule_id: number;
      travel_option_id: number;
      service_date: string;
      seats_left: number;
      lapsed: number;
      booking_id: number | null;
      public_id: string | null;
      reference: string | null;
      total_minor: number | null;
      currency: string | null;
    }[];
  };
  const first = rows[0];
  if (
    first?.booking_id != null &&
    first.public_id != null &&
    first.reference != null &&
    first.total_minor != null &&
    first.currency != null
  )
    return {
      outcome: 'held',
      booking: {
        id: first.booking_id,
        publicId: first.public_id,
        reference: first.reference,
        totalMinor: first.total_minor,
        currency: first.currency,
        holdExpiresAt: b.expiresAt,
      },
    };
  if (rows.length !== legs.length) return { outcome: 'missing_rows' };
  if (rows.some((r) => r.lapsed > 0)) return { outcome: 'lapsed_holds' };
  return {
    outcome: 'sold_out',
    legs: rows
      .filter((r) => r.seats_left < b.people)
      .map((r) => ({
        scheduleId: r.schedule_id,
        travelOptionId: r.travel_option_id,
        serviceDate: r.service_date,
        seatsLeft: Math.max(0, r.seats_left),
      })),
  };
}

/**
 * Writes one held booking on inventory rows the transaction has locked and found to have the
 * seats: raises seats_held, inserts the booking, its audit row, its holds, its chosen places and
 * its product stock. Throws SoldOut (rolling the transaction back) when product stock is short.
 * `rows` are re-read by the caller after each booking when several share one transaction.
 */
export async function writeHeldBooking(
  tx: Tx,
  rows: readonly LockedLegRow[],
  legs: readonly QuotedLeg[],
  b: NewBooking,
  places: readonly { departureInventoryId: number; seats: readonly string[] }[],
  lock: boolean,
): Promise<typeof bookings.$inferSelect> {
  const products = b.products ?? [];
  for (const row of rows)
    await tx
      .update(departureInventory)
      .set({ seatsHeld: row.seatsHeld + b.people, updatedAt: b.now })
      .where(eq(departureInventory.id, row.id));
  const [created] = await tx
    .insert(bookings)
    .values({
      reference: newBookingReference(),
      cartId: b.cartId,
      status: 'reserved',
      userId: b.userId,
      email: b.email,
      lang: b.lang,
      currency: b.currency,
      people: b.people,
      totalMinor: b.totalMinor,
      passengers: b.passengers,
      addons: b.addons,
      holdExpiresAt: b.expiresAt,
      createdAt: b.now,
      updatedAt: b.now,
      paymentPart: b.part?.key ?? null,
      partLegs: b.part ? [...b.part.legs] : null,
      partCarriesExtras: b.part?.carriesExtras ?? false,
    })
    .returning();
  if (!created) throw new Error('booking insert returned nothing');
  await auditBirth(tx, created, b.ctx);
  const byKey = new Map(rows.map((r) => [keyOf(r), r.id]));
  const holds =
    legs.length === 0
      ? []
      : await tx
          .insert(seatHolds)
          .values(
            legs.map((leg) => ({
              bookingId: created.id,
              departureInventoryId: byKey.get(keyOf(leg)) ?? 0,
              seats: b.people,
              status: 'held' as const,
              expiresAt: b.expiresAt,
              createdAt: b.now,
            })),
          )
          .returning({ id: seatHolds.id, departureInventoryId: seatHolds.departureInventoryId });
  const holdOf = new Map(holds.map((h) => [h.departureInventoryId, h.id]));
  await writeChosenSeats(
    tx,
    places.map((p) => ({ ...p, holdId: holdOf.get(p.departureInventoryId) ?? 0 })),
  );
  const shortages = await holdProductStock(tx, {
    bookingId: created.id,
    wants: products,
    now: b.now,
    expiresAt: b.expiresAt,
    releaseLapsed: (stockIds) => releaseLapsedOnStockRows(tx, stockIds, b.now, b.ctx),
    lock,
  });
  // Rolls the whole hold back: a booking holds everything in its cart or nothing.
  if (shortages.length > 0) throw new SoldOut([], shortages);
  return created;
}

/**
 * Holds every leg (already in the global lock order) and every other product of the cart for a
 * new booking, or nothing. Seats alone usually take one statement; a cart with other products
 * takes the stepwise transaction, seats first, then product stock (the lock order).
 */
export async function holdSeats(db: Db, legs: readonly QuotedLeg[], b: NewBooking, lock = true): Promise<HoldResult> {
  const products = b.products ?? [];
  // Chosen places are checked and written by the stepwise path, under the same row locks.
  const chosen = (b.seats ?? []).filter((s) => s.seats.length > 0);
  const stepwise = products.length > 0 || chosen.length > 0;
  // The stepwise path below needs every leg's inventory row (the one statement creates them itself).
  if (stepwise && legs.length > 0) await createInventoryRows(db, legs);
  if (!stepwise) {
    let attempt = await holdInOneStatement(db, legs, b, lock);
    if (attempt.outcome === 'missing_rows') {
      // The first buyer of a departure creates its row, then holds like everyone else.
      await createInventoryRows(db, legs);
      attempt = await holdInOneStatement(db, legs, b, lock);
    }
    if (attempt.outcome === 'held') return { ok: true, booking: attempt.booking };
    if (attempt.outcome === 'sold_out') return { ok: false, code: 'sold_out', legs: attempt.legs, products: [] };
  }
  try {
    const booking = await changeInTransaction(db, async (tx) => {
      // Reached when lapsed holds sit on these rows (the rows exist by now), or when the cart
      // holds other products: release lapsed holds under the lock, then count again.
      const rows = await lockedRowsWithoutLapsedHolds(tx, legs, b.now, b.ctx, lock);
      assertSeatsLeft(rows, legs.length, () => b.people);
      // Chosen places, checked like the counts: on the locked rows, before anything is written.
      const places = chosen.map((c) => ({ departureInventoryId: rows.find((r) => keyOf(r) === keyOf(c))?.id ?? 0, seats: c.seats }));
      const taken = await seatsTakenAmong(tx, places);
      if (taken.length > 0) throw new SeatTaken(taken);
      if (places.length > 0 && holdProbe.afterSeatCheck) await holdProbe.afterSeatCheck();
      return writeHeldBooking(tx, rows, legs, b, places, lock);
    });
    return { ok: true, booking: reservedOf(booking) };
  } catch (error) {
    return refusalOf(error);
  }
}

/** One payment part of a cart to hold: its legs (in the global lock order) and its booking. */
export interface PartToHold {
  legs: readonly QuotedLeg[];
  booking: NewBooking;
}

export type PartsHoldResult =
  | { ok: true; bookings: ReservedBooking[] }
  | { ok: false; code: 'sold_out'; legs: SoldOutLeg[]; products: ProductShortage[] }
  | { ok: false; code: 'seat_taken'; seats: string[] };

/**
 * Split payment (issue 26): one booking per payment part of a cart, every part's seats held in
 * ONE transaction, all or nothing — a traveller never gets the boat without the bus. Every part's
 * inventory rows are locked at once, in the global lock order, before anything is written (so two
 * carts sharing departures queue instead of deadlocking); then each part's booking is written on
 * its rows, product stock last (the lock order). `lock: false` is the concurrency test's negative
 * control, as for holdSeats.
 */
export async function holdParts(db: Db, parts: readonly PartToHold[], lock = true): Promise<PartsHoldResult> {
  const first = parts[0]?.booking;
  if (!first) throw new Error('holdParts needs at least one part');
  const all = lockOrder(parts.flatMap((p) => p.legs));
  const need = new Map<string, number>();
  for (const part of parts) for (const leg of part.legs) need.set(keyOf(leg), (need.get(keyOf(leg)) ?? 0) + part.booking.people);
  if (all.length > 0) await createInventoryRows(db, all);
  try {
    const created = await changeInTransaction(db, async (tx) => {
      let rows = await lockedRowsWithoutLapsedHolds(tx, all, first.now, first.ctx, lock);
      assertSeatsLeft(rows, all.length, (r) => need.get(keyOf(r)) ?? 0);
      const written: (typeof bookings.$inferSelect)[] = [];
      for (const part of parts) {
        const keys = new Set(part.legs.map(keyOf));
        const partRows = rows.filter((r) => keys.has(keyOf(r)));
        const chosen = (part.booking.seats ?? []).filter((c) => c.seats.length > 0);
        const places = chosen.map((c) => ({ departureInventoryId: partRows.find((r) => keyOf(r) === keyOf(c))?.id ?? 0, seats: c.seats }));
        const taken = await seatsTakenAmong(tx, places);
        if (taken.length > 0) throw new SeatTaken(taken);
        written.push(await writeHeldBooking(tx, partRows, part.legs, part.booking, places, lock));
        // The rows' counts moved: a later part on the same departure adds to the new count.
        rows = rows.map((r) => (keys.has(keyOf(r)) ? { ...r, seatsHeld: r.seatsHeld + part.booking.people } : r));
      }
      return written;
    });
    return { ok: true, bookings: created.map(reservedOf) };
  } catch (error) {
    return refusalOf(error);
  }
}
