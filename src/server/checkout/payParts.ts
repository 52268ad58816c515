/**
 * The pay step of a cart paid in parts (issue 26 split payment): one entry per part booking, with
 * who collects it, the legs it carries and where it stands — still to pay, paid (with its ticket),
 * or released (its hold lapsed, nothing charged; the paid parts are kept).
 */
import { isHolding, isPaid } from '../../domain/booking/lifecycle.ts';
import type { BookingRow } from '../booking/bookings.ts';
import type { CheckoutContext } from './context.ts';

export interface PayPartView {
  booking: BookingRow;
  /** The operator collecting this part itself; null when the shop collects it. */
  collector: string | null;
  legs: { from: string; to: string; departure: string }[];
  state: 'to_pay' | 'paid' | 'released';
}

export function payPartsView(cc: Pick<CheckoutContext, 'bookings' | 'view'>): PayPartView[] {
  return cc.bookings.map((booking) => {
    const legs = (booking.partLegs ?? []).flatMap((l) => cc.view.items[l.itemIndex]?.legs[l.legIndex] ?? []);
    const collector = booking.paymentPart?.startsWith('operator:') ? (legs[0]?.operator?.name ?? null) : null;
    return {
      booking,
      collector,
      legs: legs.map((leg) => ({ from: leg.from.name, to: leg.to.name, departure: leg.dep_time })),
      state: isPaid(booking.status) ? 'paid' : isHolding(booking.status) ? 'to_pay' : 'released',
    };
  });
}
