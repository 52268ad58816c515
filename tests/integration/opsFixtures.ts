/**
 * What the operators-area suites share: the checkout network with a manager and a support
 * account and a local bus that writes down every `inventory_changed` version (the network
 * editing suites), and a booking paid at the counter (the suites that work on bookings).
 */
import { eq } from 'drizzle-orm';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { createBus } from '../../src/server/bus/bus.ts';
import { localTransport } from '../../src/server/bus/transports.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { Db } from '../../src/server/db/client.ts';
import { payments, users } from '../../src/server/db/schema.ts';
import type { StaffMember } from '../../src/server/ops/access.ts';
import { applyPaymentEvent } from '../../src/server/payment/confirm.ts';
import { placeOrder } from '../../src/server/payment/place.ts';
import { GUEST } from '../support/actors.ts';
import { BUS, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';

export const MANAGER: StaffMember = { userId: 900, role: 'manager' };
export const SUPPORT: StaffMember = { userId: 901, role: 'support' };

/** The checkout network, Mia the manager and Sam from support, and a bus that records the versions it announces. */
export async function networkWithStaff(db: Db) {
  const bus = createBus(localTransport());
  const announced: number[] = [];
  await insertCheckoutNetwork(db, { bus: 40, boat: 4 });
  await db.insert(users).values([
    { id: MANAGER.userId, email: 'manager@example.com', name: 'Mia', role: 'manager' },
    { id: SUPPORT.userId, email: 'support@example.com', name: 'Sam', role: 'support' },
  ]);
  await bus.subscribe('inventory_changed', (m) => {
    announced.push(m.version);
  });
  return { bus, announced };
}

/**
 * One bus seat reserved by a guest and ordered at the counter; with `pay`, paid at once (a
 * counter payment confirmed by `eventId`). Returns the booking and its payment.
 */
export async function counterBooking(
  db: Db,
  index: TimetableIndex,
  options: { email: string; pay: boolean; eventId: string; phone?: string; lastName?: string },
) {
  const selections = parseAddToCartSlug(BUS) ?? [];
  const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
  if (typeof quoted === 'string') throw new Error(quoted);
  const hash = await createCart(db, { lang: 'en', currency: 'THB', people: 1, selections, quoted });
  const reserved = await reserveCart(db, {
    hash,
    index,
    now: NOW,
    holdMinutes: 20,
    ctx: GUEST,
    email: options.email,
    passengers: [{ first_name: 'Somchai', last_name: options.lastName ?? 'Jaidee', document_number: 'P123' }],
    addons: { phone: options.phone ?? '' },
  });
  if (!reserved.ok) throw new Error(reserved.code);
  const placed = await placeOrder(db, {
    bookingId: reserved.booking.id,
    paygate: 'counter',
    origin: 'http://shop.test',
    now: NOW,
    ctx: GUEST,
  });
  if (!placed.ok) throw new Error(placed.code);
  const [payment] = await db.select().from(payments).where(eq(payments.id, placed.paymentId));
  if (!payment) throw new Error('no payment');
  if (options.pay)
    await applyPaymentEvent(
      db,
      {
        id: options.eventId,
        type: 'payment.succeeded',
        reference: payment.providerRef,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
      },
      NOW,
    );
  return { id: reserved.booking.id, reference: reserved.booking.reference, payment };
}
