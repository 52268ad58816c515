/**
 * The one lock order for changing bookings. Every path that changes a booking, a payment or seat
 * counts takes its row locks here, blocking, in this order:
 *
 *   1. bookings              by id
 *   2. payments              by id
 *   3. departure_inventory   by (schedule, travel option, service date)
 *   4. product_stock         by id (the other products' stock: productStock.ts locks it itself)
 *
 * Two changes that wait on each other therefore always wait in the same direction, so they cannot
 * deadlock. The only locks taken against that order are non-blocking: releasing other travellers'
 * lapsed holds found on inventory rows already locked takes their bookings with SKIP LOCKED (a
 * booking someone is paying right now keeps its hold until that payment decides).
 *
 * Every lock wait is bounded (`lock_timeout`, LOCK_TIMEOUT_MS): a change stuck behind a long one
 * ends as `BookingBusy`, answered 503 with Retry-After, instead of piling up connections.
 * The hot single-statement paths (the hold in hold.ts, the sale in sell.ts) follow the same order
 * inside their statements and get the same timeout from the connection (src/server/db/client.ts).
 */
import { asc, inArray, or, sql } from 'drizzle-orm';
import { connectionLockTimeout, type Db } from '../../db/client.ts';
import { bookings, departureInventory, payments, seatHolds } from '../../db/schema.ts';
import { parseBookingEnv } from '../config.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type BookingRow = typeof bookings.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type InventoryRow = typeof departureInventory.$inferSelect;

export const LOCK_ORDER = [
  'bookings (id)',
  'payments (id)',
  'departure_inventory (schedule_id, travel_option_id, service_date)',
  'product_stock (id)',
] as const;

/** Another change holds the rows longer than LOCK_TIMEOUT_MS: nothing changed, try again shortly. */
export class BookingBusy extends Error {
  readonly code = 'booking_busy';
  readonly retryAfterSeconds = 1;
  constructor(cause?: unknown) {
    super('booking busy', { cause });
  }
}

/** PostgreSQL's lock_not_available (a lock_timeout ran out) and deadlock_detected, through Drizzle's wrapper. */
function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function isLockWaitError(error: unknown): boolean {
  const code = pgCode(error);
  return code === '55P03' || code === '40P01';
}

/**
 * Runs a booking change in one transaction with bounded lock waits. A lock wait that ran out (or,
 * should the order ever be broken, a deadlock) rolls everything back and becomes `BookingBusy`.
 */
export async function changeInTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    const timeout = parseBookingEnv().LOCK_TIMEOUT_MS;
    return await db.transaction(async (tx) => {
      // The server's pool opens every connection with this timeout already: one round trip less
      // on every booking change. Other handles (tests, scripts) set it for the transaction.
      if (connectionLockTimeout.get(db) !== timeout) await tx.execute(sql.raw(`set local lock_timeout = ${String(timeout)}`));
      return work(tx);
    });
  } catch (error) {
    if (isLockWaitError(error)) throw new BookingBusy(error);
    throw error;
  }
}

export interface LockRequest {
  /** Bookings to change, locked FOR UPDATE by id. */
  bookings?: readonly number[];
  /** Also lock every payment of those bookings (after the bookings, by id). */
  paymentsOfBookings?: boolean;
  /** Also lock the inventory rows those bookings hold or sold seats on. */
  inventoryOfBookings?: boolean;
  /** Further inventory rows (a class change's new departure, a new hold's legs). */
  inventory?: readonly number[];
  /**
   * The inventory rows of bookings this transaction locked in an earlier call (a payment locks
   * the booking and its payments, checks the event, and only then the seats, so buyers of the
   * same departure wait behind fewer round trips).
   */
  inventoryOfLockedBookings?: readonly number[];
  /**
   * Skip bookings another transaction holds instead of waiting (the hold sweep: a booking being
   * paid right now is left to its payment). Their payments and inventory are not locked either.
   */
  skipLockedBookings?: boolean;
  /** Test-only: take no locks, to show in the race tests what they prevent. */
  unsafeNoLocks?: boolean;
}

export interface Locked {
  bookings: BookingRow[];
  payments: PaymentRow[];
  inventory: InventoryRow[];
}

/**
 * Test-only: called after every `lockForChange` with what was asked for. The race tests pause one
 * change here to let another run into it (tests/integration/lifecycle.races.test.ts).
 */
export const lockProbe: { afterLock?: ((request: LockRequest) => Promise<void>) | undefined } = {};

/** Takes the locks a booking change needs, in the one order above. Only inside `changeInTransaction`. */
export async function lockForChange(tx: Tx, request: LockRequest): Promise<Locked> {
  const ids = [...new Set(request.bookings ?? [])].sort((a, b) => a - b);
  const bookingQuery = tx.select().from(bookings).where(inArray(bookings.id, ids)).orderBy(asc(bookings.id));
  const lockedBookings =
    ids.length === 0
      ? []
      : request.unsafeNoLocks
        ? await bookingQuery
        : await bookingQuery.for('update', request.skipLockedBookings ? { skipLocked: true } : {});
  const lockedIds = lockedBookings.map((b) => b.id);

  let lockedPayments: PaymentRow[] = [];
  if (request.paymentsOfBookings && lockedIds.length > 0) {
    const q = tx.select().from(payments).where(inArray(payments.bookingId, lockedIds)).orderBy(asc(payments.id));
    lockedPayments = request.unsafeNoLocks ? await q : await q.for('update');
  }

  const holders = [...(request.inventoryOfBookings ? lockedIds : []), ...(request.inventoryOfLockedBookings ?? [])];
  const rowsWanted = [
    ...(request.inventory?.length ? [inArray(departureInventory.id, [...request.inventory])] : []),
    // Read and locked in one statement: the booking's holds never move to other departures.
    ...(holders.length
      ? [
          inArray(
            departureInventory.id,
            tx.select({ id: seatHolds.departureInventoryId }).from(seatHolds).where(inArray(seatHolds.bookingId, holders)),
          ),
        ]
      : []),
  ];
  let lockedInventory: InventoryRow[] = [];
  if (rowsWanted.length > 0) {
    const q = tx
      .select()
      .from(departureInventory)
      .where(or(...rowsWanted))
      .orderBy(asc(departureInventory.scheduleId), asc(departureInventory.travelOptionId), asc(departureInventory.serviceDate));
    lockedInventory = request.unsafeNoLocks ? await q : await q.for('update');
  }
  if (lockProbe.afterLock) await lockProbe.afterLock(request);
  return { bookings: lockedBookings, payments: lockedPayments, inventory: lockedInventory };
}
