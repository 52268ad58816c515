/**
 * Bookings the integration suites start from, on the checkout network (checkoutNetwork.ts): carts
 * for a booking URI, a guest's reservation of one, its order at the counter and the counter
 * payment confirmed. Kept in one place so that the way a booking is made (cart, hold, order,
 * payment) is written once for every suite that only needs one to exist.
 * Plain Node loads it too (no Vitest, no translations): the multi-process runners reserve with it.
 */
import { eq } from 'drizzle-orm';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { reserveCart, type ReservedBooking } from '../../src/server/booking/reserve.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { Db } from '../../src/server/db/client.ts';
import { payments } from '../../src/server/db/schema.ts';
import { applyPaymentEvent } from '../../src/server/payment/confirm.ts';
import { placeOrder } from '../../src/server/payment/place.ts';
import { GUEST } from '../support/actors.ts';
import { BUS, NOW } from './checkoutNetwork.ts';

export interface CartsWanted {
  /** The booking URI (without /{lang}/add-to-cart/); the bus by default. */
  slug?: string;
  people?: number;
  lang?: string;
  /** How many carts of the same trip (a race has one per buyer). */
  count?: number;
  now?: number;
}

/** Carts for the trip, quoted on the index, in THB. */
export async function cartsFor(db: Db, index: TimetableIndex, wanted: CartsWanted = {}): Promise<string[]> {
  const selections = parseAddToCartSlug(wanted.slug ?? BUS) ?? [];
  const quoted = quoteSelections(index, selections, { currency: 'THB', now: wanted.now ?? NOW });
  if (typeof quoted === 'string') throw new Error(quoted);
  const hashes: string[] = [];
  for (let i = 0; i < (wanted.count ?? 1); i++)
    hashes.push(await createCart(db, { lang: wanted.lang ?? 'en', currency: 'THB', people: wanted.people ?? 1, selections, quoted }));
  return hashes;
}

export interface GuestReservation extends Omit<CartsWanted, 'count'> {
  email: string;
  passengers?: Record<string, unknown>[];
  addons?: Record<string, unknown>;
  holdMinutes?: number;
}

/** A guest's cart reserved: its seats held for `holdMinutes` (20 by default). */
export async function guestReservation(db: Db, index: TimetableIndex, wanted: GuestReservation): Promise<ReservedBooking> {
  const [hash = ''] = await cartsFor(db, index, wanted);
  const reserved = await reserveCart(db, {
    hash,
    index,
    now: wanted.now ?? NOW,
    holdMinutes: wanted.holdMinutes ?? 20,
    ctx: GUEST,
    email: wanted.email,
    ...(wanted.passengers ? { passengers: wanted.passengers } : {}),
    ...(wanted.addons ? { addons: wanted.addons } : {}),
  });
  if (!reserved.ok) throw new Error(reserved.code);
  return reserved.booking;
}

/** The booking ordered to be paid at the counter: its payment row (awaiting the money). */
export async function counterOrder(db: Db, bookingId: number, now = NOW) {
  const placed = await placeOrder(db, { bookingId, paygate: 'counter', origin: 'http://shop.test', now, ctx: GUEST });
  if (!placed.ok) throw new Error(placed.code);
  const [payment] = await db.select().from(payments).where(eq(payments.id, placed.paymentId));
  if (!payment) throw new Error('no payment');
  return payment;
}

/** The counter's notice that the payment was made (event `eventId`: a repeated notice is ignored). */
export async function counterPaymentSucceeded(
  db: Db,
  payment: { providerRef: string; amountMinor: number; currency: string },
  eventId: string,
  now = NOW,
): Promise<void> {
  await applyPaymentEvent(
    db,
    {
      id: eventId,
      type: 'payment.succeeded',
      reference: payment.providerRef,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
    },
    now,
  );
}
