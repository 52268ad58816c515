/**
 * Stock of the products that are not departure seats (src/server/products): held with a new
 * booking, sold with its payment, given back on lapse and cancel — the same steps departure seats
 * take through departure_inventory, in the same transactions. product_stock rows come last in the
 * one lock order (locks.ts) and are always locked by id, so two changes never wait on each other
 * in opposite directions. The row's check constraint (held + sold ≤ capacity) is the last guard
 * against selling a unit twice.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { productHolds, productStock } from '../../db/schema.ts';
import type { Tx } from './locks.ts';

export interface ProductStockWant {
  kind: string;
  key: string;
  capacity: number;
  quantity: number;
}

export interface ProductShortage {
  kind: string;
  key: string;
  left: number;
}

type StockRow = typeof productStock.$inferSelect;

/**
 * Locks the stock rows (by id, the lock order) and returns them. Without `lock` (only the race
 * test's negative control) two buyers read the same counts and both hold the last unit.
 */
async function lockRows(tx: Tx, ids: readonly number[], lock = true): Promise<StockRow[]> {
  if (ids.length === 0) return [];
  const query = tx
    .select()
    .from(productStock)
    .where(inArray(productStock.id, [...ids]))
    .orderBy(asc(productStock.id));
  return lock ? query.for('update') : query;
}

/** Identical stock wanted twice in one booking (two lines of one pass) counts once, summed. */
function mergeWants(wants: readonly ProductStockWant[]): ProductStockWant[] {
  const byKey = new Map<string, ProductStockWant>();
  for (const w of wants) {
    const id = `${w.kind}\u0000${w.key}`;
    const known = byKey.get(id);
    byKey.set(id, known ? { ...known, quantity: known.quantity + w.quantity } : { ...w });
  }
  return [...byKey.values()];
}

/**
 * Holds the wanted stock for a booking born in this transaction: creates the rows nobody has
 * held yet, locks them, gives back lapsed holds on them (`releaseLapsed`, which lapses their
 * bookings without waiting for them), and holds every unit or none. Returns the shortages.
 */
export async function holdProductStock(
  tx: Tx,
  input: {
    bookingId: number;
    wants: readonly ProductStockWant[];
    now: Date;
    expiresAt: Date;
    releaseLapsed: (stockIds: readonly number[]) => Promise<void>;
    /** Test-only: false skips the row locks (the race test's negative control). */
    lock?: boolean;
  },
): Promise<ProductShortage[]> {
  const wants = mergeWants(input.wants);
  if (wants.length === 0) return [];
  await tx
    .insert(productStock)
    .values(wants.map((w) => ({ kind: w.kind, stockKey: w.key, capacity: w.capacity, updatedAt: input.now })))
    .onConflictDoNothing({ target: [productStock.kind, productStock.stockKey] });
  const ids = await tx
    .select({ id: productStock.id, kind: productStock.kind, key: productStock.stockKey })
    .from(productStock)
    .where(
      sql`(${productStock.kind}, ${productStock.stockKey}) in (${sql.join(
        wants.map((w) => sql`(${w.kind}, ${w.key})`),
        sql`, `,
      )})`,
    );
  await input.releaseLapsed(ids.map((r) => r.id));
  const rows = await lockRows(
    tx,
    ids.map((r) => r.id),
    input.lock !== false,
  );
  const byKey = new Map(rows.map((r) => [`${r.kind}\u0000${r.stockKey}`, r]));
  const shortages: ProductShortage[] = [];
  for (const w of wants) {
    const row = byKey.get(`${w.kind}\u0000${w.key}`);
    const left = row ? row.capacity - row.held - row.sold : 0;
    if (left < w.quantity) shortages.push({ kind: w.kind, key: w.key, left: Math.max(0, left) });
  }
  if (shortages.length > 0) return shortages;
  for (const w of wants) {
    const row = byKey.get(`${w.kind}\u0000${w.key}`);
    if (!row) continue;
    // The new count comes from the locked row, as the departure hold's does: the lock is what makes it right.
    await tx
      .update(productStock)
      .set({ held: row.held + w.quantity, updatedAt: input.now })
      .where(eq(productStock.id, row.id));
    await tx.insert(productHolds).values({
      bookingId: input.bookingId,
      productStockId: row.id,
      quantity: w.quantity,
      status: 'held',
      expiresAt: input.expiresAt,
      createdAt: input.now,
    });
  }
  return [];
}

/** Whether a booking holds (or held) any product stock: the one-statement sale is for seats only. */
export const hasProductHolds = (bookingId: number) => sql`exists (select 1 from ${productHolds} ph where ph.booking_id = ${bookingId})`;

/**
 * Sells a paid booking's product stock: held units become sold; a unit whose hold lapsed is taken
 * again when it is still free. False (nothing changed) when a unit is gone.
 */
export async function sellProductStock(tx: Tx, bookingId: number, now: Date): Promise<boolean> {
  const holds = await tx.select().from(productHolds).where(eq(productHolds.bookingId, bookingId));
  if (holds.length === 0) return true;
  const rows = await lockRows(tx, [...new Set(holds.map((h) => h.productStockId))]);
  const byId = new Map(rows.map((r) => [r.id, { ...r }]));
  for (const hold of holds) {
    const row = byId.get(hold.productStockId);
    if (!row) return false;
    if (hold.status === 'released' && row.capacity - row.held - row.sold < hold.quantity) return false;
    if (hold.status === 'released') row.sold += hold.quantity;
    if (hold.status === 'held') {
      row.held -= hold.quantity;
      row.sold += hold.quantity;
    }
  }
  for (const row of byId.values())
    await tx.update(productStock).set({ held: row.held, sold: row.sold, updatedAt: now }).where(eq(productStock.id, row.id));
  await tx.update(productHolds).set({ status: 'sold' }).where(eq(productHolds.bookingId, bookingId));
  return true;
}

/**
 * Gives stock back: of these bookings, every live unit (cancel, refund) or only the lapsed holds
 * (`lapsedAt`). The bookings are locked by the caller. Returns the bookings that gave something back.
 */
export async function releaseProductStock(
  tx: Tx,
  bookingIds: readonly number[],
  now: Date,
  options: { lapsedAt?: Date } = {},
): Promise<Set<number>> {
  if (bookingIds.length === 0) return new Set();
  const lapsedOnly = options.lapsedAt !== undefined;
  const holds = await tx
    .select()
    .from(productHolds)
    .where(
      and(
        inArray(productHolds.bookingId, [...bookingIds]),
        lapsedOnly
          ? and(eq(productHolds.status, 'held'), lte(productHolds.expiresAt, options.lapsedAt ?? now))
          : inArray(productHolds.status, ['held', 'sold']),
      ),
    );
  if (holds.length === 0) return new Set();
  const rows = await lockRows(tx, [...new Set(holds.map((h) => h.productStockId))]);
  const byId = new Map(rows.map((r) => [r.id, { ...r }]));
  for (const hold of holds) {
    const row = byId.get(hold.productStockId);
    if (!row) continue;
    if (hold.status === 'held') row.held -= hold.quantity;
    else row.sold -= hold.quantity;
  }
  for (const row of byId.values())
    await tx.update(productStock).set({ held: row.held, sold: row.sold, updatedAt: now }).where(eq(productStock.id, row.id));
  await tx
    .update(productHolds)
    .set({ status: 'released' })
    .where(
      inArray(
        productHolds.id,
        holds.map((h) => h.id),
      ),
    );
  return new Set(holds.map((h) => h.bookingId));
}

/** Bookings whose product holds lapsed by `now` (the sweep's and release-on-read's second source). */
export async function bookingsWithLapsedProductHolds(
  db: Pick<Tx, 'selectDistinct'>,
  now: Date,
  bookingId?: number,
  limit = 500,
): Promise<number[]> {
  const due = await db
    .selectDistinct({ id: productHolds.bookingId })
    .from(productHolds)
    .where(
      and(
        eq(productHolds.status, 'held'),
        lte(productHolds.expiresAt, now),
        bookingId === undefined ? undefined : eq(productHolds.bookingId, bookingId),
      ),
    )
    .limit(limit);
  return due.map((d) => d.id);
}

/** Owners of lapsed holds on these stock rows (for releasing them before a new hold counts). */
export async function lapsedOwnersOnStock(tx: Tx, stockIds: readonly number[], now: Date): Promise<number[]> {
  if (stockIds.length === 0) return [];
  const owners = await tx
    .selectDistinct({ id: productHolds.bookingId })
    .from(productHolds)
    .where(and(inArray(productHolds.productStockId, [...stockIds]), eq(productHolds.status, 'held'), lte(productHolds.expiresAt, now)));
  return owners.map((o) => o.id);
}
