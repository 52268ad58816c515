/**
 * What the operators-area suites share: the checkout network with a manager and a support
 * account and a local bus that writes down every `inventory_changed` version (the network
 * editing suites), and a booking paid at the counter (the suites that work on bookings).
 */
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { createBus } from '../../src/server/bus/bus.ts';
import { localTransport } from '../../src/server/bus/transports.ts';
import type { Db } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import type { StaffMember } from '../../src/server/ops/access.ts';
import { counterOrder, counterPaymentSucceeded, guestReservation } from './bookingFixtures.ts';
import { insertCheckoutNetwork } from './checkoutNetwork.ts';

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
  const booking = await guestReservation(db, index, {
    email: options.email,
    passengers: [{ first_name: 'Somchai', last_name: options.lastName ?? 'Jaidee', document_number: 'P123' }],
    addons: { phone: options.phone ?? '' },
  });
  const payment = await counterOrder(db, booking.id);
  if (options.pay) await counterPaymentSucceeded(db, payment, options.eventId);
  return { id: booking.id, reference: booking.reference, payment };
}
