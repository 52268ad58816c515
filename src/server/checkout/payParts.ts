/**
 * The pay step of a cart paid in parts (issue 26 split payment): one entry per part booking, with
 * who collects it, the legs it carries and where it stands — still to pay, paid (with its ticket),
 * or released (its hold lapsed, nothing charged; the paid parts are kept).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { isHolding, isPaid } from '../../domain/booking/lifecycle.ts';
import { paymentParts, partTotalMinor } from '../../domain/payment/paymentParts.ts';
import { toMoney, type Money } from '../../domain/search/money.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import type { BookingRow } from '../booking/bookings.ts';
import type { Db } from '../db/client.ts';
import { operators } from '../db/schema.ts';
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

/** One payment part as the split calls answer it (src/server/api/answers/cart.ts paymentPartAnswer). */
export interface PaymentPartAnswer {
  key: string;
  collector: string | null;
  legs: { item: number; leg: number; from: string; to: string; dep_time: string }[];
  fare: Money;
  addons: Money;
  total: Money;
  booking: { id: string; status: string } | null;
}

/**
 * The split calls' answer (SPEC §7 checkout/split, total/split, paygates/split, pay/split): per
 * payment part. Once reserved, the part bookings as they are (a cart paid as one: its one booking
 * as one part); before, the parts the cart would be reserved in, products on the first part.
 */
export async function cartPaymentParts(
  db: Db,
  cc: Pick<CheckoutContext, 'bookings' | 'view' | 'loaded'>,
  index: TimetableIndex,
): Promise<PaymentPartAnswer[]> {
  const currency = cc.loaded.cart.currency;
  const money = (minor: number) => toMoney(minor, currency, index.fx);
  const legView = (item: number, leg: number) => {
    const view = cc.view.items[item]?.legs[leg];
    return { item, leg, from: view?.from.name ?? '', to: view?.to.name ?? '', dep_time: view?.dep_time ?? '' };
  };
  const fareOf = (legs: readonly { itemIndex: number; legIndex: number }[], people: number) =>
    legs.reduce((sum, l) => sum + (cc.loaded.items[l.itemIndex]?.legs[l.legIndex]?.unitPriceMinor ?? 0), 0) * people;
  const allLegs = cc.loaded.items.flatMap((item, itemIndex) => item.legs.map((_, legIndex) => ({ itemIndex, legIndex })));
  const operatorOf = (itemIndex: number, legIndex: number) => cc.view.items[itemIndex]?.legs[legIndex]?.operator ?? null;
  if (cc.bookings.length > 0)
    return cc.bookings.map((booking) => {
      const legs = booking.partLegs ?? allLegs;
      const fare = fareOf(legs, booking.people);
      const first = legs[0];
      return {
        key: booking.paymentPart ?? 'shop',
        collector:
          booking.paymentPart?.startsWith('operator:') && first ? (operatorOf(first.itemIndex, first.legIndex)?.name ?? null) : null,
        legs: legs.map((l) => legView(l.itemIndex, l.legIndex)),
        fare: money(fare),
        addons: money(Math.max(0, booking.totalMinor - fare)),
        total: money(booking.totalMinor),
        booking: { id: booking.publicId, status: booking.status },
      };
    });
  const people = cc.loaded.cart.people;
  const legs = allLegs.map((l) => ({
    ...l,
    operatorId: operatorOf(l.itemIndex, l.legIndex)?.id ?? 0,
    unitPriceMinor: cc.loaded.items[l.itemIndex]?.legs[l.legIndex]?.unitPriceMinor ?? 0,
  }));
  const ids = [...new Set(legs.map((l) => l.operatorId))];
  const collecting =
    ids.length === 0
      ? []
      : await db
          .select({ id: operators.id })
          .from(operators)
          .where(and(inArray(operators.id, ids), eq(operators.collectsOwnPayment, true)));
  const collects = new Set(collecting.map((o) => o.id));
  const productsMinor = cc.loaded.products.reduce((sum, p) => sum + p.priceMinor, 0);
  return paymentParts(legs, { people, addonsMinor: productsMinor, collectsOwnPayment: (id) => collects.has(id) }).map((part) => ({
    key: part.key,
    collector:
      part.collectingOperatorId === null ? null : (operatorOf(part.legs[0]?.itemIndex ?? 0, part.legs[0]?.legIndex ?? 0)?.name ?? null),
    legs: part.legs.map((l) => legView(l.itemIndex, l.legIndex)),
    fare: money(part.fareMinor),
    addons: money(part.addonsMinor),
    total: money(partTotalMinor(part)),
    booking: null,
  }));
}
