/**
 * The trip of a booking: what every view of one booking (ticket page, PDF, calendar file,
 * confirmation and reminder mails, payment success page, payment status) reads instead of its cart.
 * A cart paid as one is all of its booking's trip. A cart paid in parts (issue 26) is several
 * bookings, each carrying only its part's legs, and the cart's other products only when the part
 * carries the extras — so the bus part's ticket never prints the ferry's boat, nor the other way round.
 */
import type { Db } from '../db/client.ts';
import { loadCartById, type LoadedCart } from '../cart/cart.ts';
import type { BookingRow } from './bookings.ts';

/** The columns that say which share of its cart a booking carries (bookings.part_legs, part_carries_extras). */
export type BookingShare = Pick<BookingRow, 'partLegs' | 'partCarriesExtras'>;

/** Whether the booking carries leg `legIndex` of item `itemIndex` (a booking of a cart paid as one carries every leg). */
export function carriesLeg(share: BookingShare, itemIndex: number, legIndex: number): boolean {
  return share.partLegs === null || share.partLegs.some((l) => l.itemIndex === itemIndex && l.legIndex === legIndex);
}

/**
 * The part of a loaded cart one booking carries. Items keep their `position` (an outbound item
 * stays outbound when the part holds only the return's legs); an item none of whose legs the part
 * carries is left out.
 */
export function shareOfCart(loaded: LoadedCart, share: BookingShare): LoadedCart {
  if (share.partLegs === null) return loaded;
  return {
    cart: loaded.cart,
    items: loaded.items.flatMap((item, itemIndex) => {
      const carried = item.legs.map((_, legIndex) => carriesLeg(share, itemIndex, legIndex));
      const legs = item.legs.filter((_, legIndex) => carried[legIndex]);
      if (legs.length === 0) return [];
      return [{ ...item, legs, optionIds: item.optionIds.filter((_, legIndex) => carried[legIndex]) }];
    }),
    products: share.partCarriesExtras ? loaded.products : [],
  };
}

/** The booking's trip as its cart stores it, narrowed to the booking's part; undefined when the cart is gone. */
export async function loadBookedCart(db: Db, booking: BookingShare & Pick<BookingRow, 'cartId'>): Promise<LoadedCart | undefined> {
  const loaded = await loadCartById(db, booking.cartId);
  return loaded && shareOfCart(loaded, booking);
}
