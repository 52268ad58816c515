/**
 * The view of SPEC §2's payment success page (/{lang}/order/{bookingId}/payment/{paygate}/success),
 * read once for the page: the booking the request may see, its ticket links, its trip (of a part
 * of a cart paid in parts, only that part's legs and extras, with the part's total) and, while
 * another part is still to pay, the pay step.
 */
import { isPaid } from '../../domain/booking/lifecycle.ts';
import { toMoney } from '../../domain/search/money.ts';
import { ownedBookingByPublicId } from '../booking/access.ts';
import { loadBookedCart } from '../booking/bookedCart.ts';
import type { BookingRow } from '../booking/bookings.ts';
import { cartViewV2, type CartViewV2 } from '../cart/view.ts';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { getSearchIndex } from '../search/cache.ts';
import { ticketLinks } from '../tickets/links.ts';
import { payStepOfOtherParts } from './otherParts.ts';

export type PaymentSuccessView =
  /** Not a booking this request may see: the page answers as for an unknown id. */
  | { kind: 'not_found' }
  /** Not paid (yet): the payment status page follows it. */
  | { kind: 'not_paid'; statusUrl: string }
  | {
      kind: 'paid';
      booking: Pick<BookingRow, 'reference' | 'status' | 'email' | 'passengers'>;
      links: ReturnType<typeof ticketLinks>;
      /** What this booking carries, totalled at what the booking costs. */
      trip: CartViewV2 | undefined;
      /** The pay step while another part of the cart is still to pay. */
      nextPartUrl: string | null;
    };

export async function paymentSuccessView(
  page: { request: Request; bookingId: string; locale: { code: string; segment: string } },
  database?: Db,
  now = new Date(),
): Promise<PaymentSuccessView> {
  const db = database ?? (await getDbHandle()).db;
  const booking = await ownedBookingByPublicId(db, page.request, page.bookingId, now);
  if (!booking) return { kind: 'not_found' };
  if (!isPaid(booking.status)) return { kind: 'not_paid', statusUrl: `/${page.locale.segment}/payment-status/booking/${booking.publicId}` };
  const index = await getSearchIndex(db, now.getTime());
  const cart = await loadBookedCart(db, booking);
  const trip = cart && { ...cartViewV2(cart, index, page.locale.code), total: toMoney(booking.totalMinor, booking.currency, index.fx) };
  return {
    kind: 'paid',
    booking,
    links: ticketLinks(page.locale.segment, booking.id, now.getTime()),
    trip,
    nextPartUrl: cart ? await payStepOfOtherParts(db, booking, cart.cart.hash, page.locale.segment, now) : null,
  };
}
