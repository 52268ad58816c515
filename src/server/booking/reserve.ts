/**
 * Reserving a cart: the cart is quoted again (an open cart must show a moved price before any
 * seat is held), then the lifecycle's `hold` transition holds every leg's seats for a new
 * booking, all or nothing (src/server/booking/lifecycle/hold.ts). A cart paid in parts (issue 26:
 * an operator that collects its own payment) becomes one booking per part under the same cart,
 * every part held in one transaction, all or nothing (holdParts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ChangeContext } from '../../domain/booking/actor.ts';
import { holdExpiresAt, lockOrder, priceChange, type PriceChange } from '../../domain/cart/holds.ts';
import type { QuoteProblem } from '../../domain/cart/quote.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import type { Db } from '../db/client.ts';
import { operators, seatHolds } from '../db/schema.ts';
import { paymentParts, type PartLeg, type PaymentPart } from '../../domain/payment/paymentParts.ts';
import { cartTotal, loadCart, requoteCart, type LoadedCart } from '../cart/cart.ts';
import type { ProductQuoteProblem } from '../products/product.ts';
import { quoteCart, stockNeeds, type CartQuote } from '../products/lines.ts';
import {
  holdParts,
  holdSeats,
  type LegSeats,
  type NewBooking,
  type PartToHold,
  type ReservedBooking,
  type SoldOutLeg,
} from './lifecycle/hold.ts';
import type { ProductShortage } from './lifecycle/productStock.ts';

export { newBookingReference, type ReservedBooking } from './lifecycle/hold.ts';

export interface ReserveInput {
  hash: string;
  index: TimetableIndex;
  now: number;
  holdMinutes: number;
  /** Passengers travelling; the cart's count when absent. */
  people?: number;
  email?: string | null;
  userId?: number | null;
  passengers?: Record<string, unknown>[];
  addons?: Record<string, unknown>;
  /** Add-ons on top of the fare (they may depend on it, like insurance). */
  extraMinor?: (fareMinor: number) => number;
  /** The cart when the caller has just read it (saves reading it again). */
  loaded?: LoadedCart;
  /** Test-only: skip the row locks to demonstrate the race they prevent. */
  lockInventory?: boolean;
  /** Who books, and in which request (the audit log keeps both). */
  ctx: ChangeContext;
  /** Places chosen on legs with a seat map (src/server/seats), checked against the map by the caller. */
  seats?: readonly LegSeats[];
}

export type ReserveResult =
  /** `booking` is the first (or only) one; a cart paid in parts has one booking per part in `bookings`, in part order. */
  | { ok: true; booking: ReservedBooking; bookings: ReservedBooking[] }
  | { ok: false; code: 'cart_not_found' | QuoteProblem | ProductQuoteProblem }
  | { ok: false; code: 'price_changed'; change: PriceChange }
  | { ok: false; code: 'sold_out'; legs: SoldOutLeg[]; products: ProductShortage[] }
  | { ok: false; code: 'seat_taken'; seats: string[] };

export async function reserveCart(db: Db, input: ReserveInput): Promise<ReserveResult> {
  const loaded = input.loaded ?? (await loadCart(db, input.hash));
  if (!loaded) return { ok: false, code: 'cart_not_found' };
  // Every line priced by its product (src/server/products): departure seats and everything else.
  const people = input.people ?? loaded.cart.people;
  const quoted = quoteCart(loaded, { currency: loaded.cart.currency, now: input.now, index: input.index, people });
  if (typeof quoted === 'string') return { ok: false, code: quoted };

  // A frozen cart keeps its quoted prices; an open one must show a moved price before holding seats.
  // Compared as totals: a product line has its own total (its travellers' fares), not a unit price.
  const fareMinor = cartTotal(loaded, people);
  if (loaded.cart.frozenAt === null) {
    const change = priceChange(fareMinor, quoted.totalMinor);
    if (change) {
      // The traveller sees the new price and continues with it (the next reserve finds no change).
      await requoteCart(
        db,
        loaded,
        quoted.seats.map((s) => s.legs),
        quoted.products,
      );
      return { ok: false, code: 'price_changed', change };
    }
  }

  const needs = stockNeeds(loaded, quoted, people);
  const legs = lockOrder(needs.legs);
  const now = new Date(input.now);
  const expiresAt = holdExpiresAt(input.now, input.holdMinutes);
  const totalMinor = fareMinor + (input.extraMinor?.(fareMinor) ?? 0);
  const newBooking: NewBooking = {
    cartId: loaded.cart.id,
    people,
    totalMinor,
    userId: input.userId ?? null,
    email: input.email ?? null,
    lang: loaded.cart.lang,
    currency: loaded.cart.currency,
    passengers: input.passengers ?? [],
    addons: input.addons ?? {},
    now,
    expiresAt,
    ctx: input.ctx,
    products: needs.units,
    ...(input.seats ? { seats: input.seats } : {}),
  };
  const parts = await partsOfCart(db, loaded, quoted, people);
  if (parts.length > 1) {
    const held = await holdParts(
      db,
      partsToHold(parts, quoted, needs, newBooking, input.extraMinor?.(fareMinor) ?? 0),
      input.lockInventory !== false,
    );
    if (!held.ok) return held.code === 'seat_taken' ? held : { ok: false, code: 'sold_out', legs: held.legs, products: held.products };
    const [firstPart] = held.bookings;
    if (!firstPart) throw new Error('a split hold returned no booking');
    return { ok: true, booking: firstPart, bookings: held.bookings };
  }
  const held = await holdSeats(db, legs, newBooking, input.lockInventory !== false);
  if (held.ok) return { ...held, bookings: [held.booking] };
  if (held.code === 'seat_taken') return held;
  return { ok: false, code: 'sold_out', legs: held.legs, products: held.products };
}

/**
 * The cart's payment parts (src/domain/payment/paymentParts.ts): the shop's, then one per
 * operator that collects its own payment. One part means the cart is paid as one booking.
 * Prices are the cart's stored ones (a frozen cart keeps them); operators come from the quote.
 */
export async function partsOfCart(db: Db, loaded: LoadedCart, quoted: CartQuote, people: number): Promise<PaymentPart[]> {
  const legs: PartLeg[] = loaded.items.flatMap((item, itemIndex) =>
    item.legs.map((leg, legIndex) => ({
      itemIndex,
      legIndex,
      operatorId: quoted.seats[itemIndex]?.legs[legIndex]?.operatorId ?? 0,
      unitPriceMinor: leg.unitPriceMinor,
    })),
  );
  const operatorIds = [...new Set(legs.map((l) => l.operatorId))];
  if (operatorIds.length === 0) return [];
  const collecting = await db
    .select({ id: operators.id })
    .from(operators)
    .where(and(inArray(operators.id, operatorIds), eq(operators.collectsOwnPayment, true)));
  const ids = new Set(collecting.map((o) => o.id));
  return paymentParts(legs, { people, addonsMinor: 0, collectsOwnPayment: (id) => ids.has(id) });
}

/**
 * Each part's booking: its legs' seats, its fare; the first part also carries everything the
 * shop sells on top (product lines, add-ons such as insurance) and the cart's product stock.
 */
function partsToHold(
  parts: readonly PaymentPart[],
  quoted: CartQuote,
  needs: { units: NewBooking['products'] },
  whole: NewBooking,
  extraMinor: number,
): PartToHold[] {
  const productsMinor = quoted.products.reduce((sum, p) => sum + p.quote.priceMinor, 0);
  return parts.map((part, i) => {
    const legs = lockOrder(part.legs.flatMap((l) => quoted.seats[l.itemIndex]?.legs[l.legIndex] ?? []));
    const keys = new Set(legs.map(inventoryKey));
    const carrier = i === 0;
    const seats = whole.seats?.filter((s) => keys.has(inventoryKey(s)));
    const booking: NewBooking = {
      ...whole,
      totalMinor: part.fareMinor + (carrier ? productsMinor + extraMinor : 0),
      products: carrier ? (needs.units ?? []) : [],
      part: { key: part.key, legs: part.legs, carriesExtras: carrier },
    };
    if (seats) booking.seats = seats;
    else delete booking.seats;
    return { legs, booking };
  });
}

const inventoryKey = (k: { scheduleId: number; travelOptionId: number; serviceDate: string }) =>
  `${String(k.scheduleId)}:${String(k.travelOptionId)}:${k.serviceDate}`;

/** Sum of live holds per inventory row — must always equal seats_held. */
export async function heldSeatsByRow(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: seatHolds.departureInventoryId, seats: sql<number>`sum(${seatHolds.seats})::int` })
    .from(seatHolds)
    .where(eq(seatHolds.status, 'held'))
    .groupBy(seatHolds.departureInventoryId);
  return new Map(rows.map((r) => [r.id, r.seats]));
}
