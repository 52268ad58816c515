/**
 * The view of SPEC §2's payment status page (/{lang}/payment-status/booking/{id}), read once for
 * the page: the booking's payment as the polling island starts from it, the station where a
 * counter order is paid (the first station of the booking's own legs: of a part of a cart paid in
 * parts, that part's), and, while another part of the cart is still to pay, its pay step.
 */
import { cartHashSchema } from '../../domain/cart/cartHash.ts';
import { ownedBookingByPublicId } from '../booking/access.ts';
import { loadBookedCart } from '../booking/bookedCart.ts';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { paymentResult, type PaymentResult } from '../payment/result.ts';
import { getSearchIndex } from '../search/cache.ts';
import { payStepOfOtherParts } from './otherParts.ts';

export type PaymentStatusView =
  | { kind: 'not_found' }
  | {
      kind: 'found';
      publicId: string;
      initial: PaymentResult;
      /** Where "try again" leads: the pay step of the cart this browser is checking out (its `checkout_hash` cookie). */
      payUrl: string | null;
      station: { name: string; timeZone: string };
      /** The pay step while another part of the booking's cart is still to pay. */
      nextPartUrl: string | null;
    };

export async function paymentStatusView(
  page: { request: Request; bookingId: string; checkoutHash: string | undefined; locale: { code: string; segment: string } },
  database?: Db,
  now = new Date(),
): Promise<PaymentStatusView> {
  const db = database ?? (await getDbHandle()).db;
  const booking = await ownedBookingByPublicId(db, page.request, page.bookingId, now);
  if (!booking) return { kind: 'not_found' };
  const { segment, code } = page.locale;
  const checkoutHash = cartHashSchema.safeParse(page.checkoutHash);
  const index = await getSearchIndex(db, now.getTime());
  const cart = await loadBookedCart(db, booking);
  // The trip's first station: where a counter order is paid, and the zone its deadline is read in.
  const firstLeg = cart?.items[0]?.legs[0];
  const station = firstLeg ? index.stations.get(firstLeg.fromStationId) : undefined;
  const place = station ? index.places.get(station.placeId) : undefined;
  return {
    kind: 'found',
    publicId: booking.publicId,
    initial: await paymentResult(db, booking, segment, index.fx),
    payUrl: checkoutHash.success ? `/${segment}/pay/${checkoutHash.data}` : null,
    station: { name: station ? (station.names[code] ?? station.names.en) : '', timeZone: place?.timeZone ?? 'UTC' },
    nextPartUrl: cart ? await payStepOfOtherParts(db, booking, cart.cart.hash, segment, now) : null,
  };
}
