/**
 * What the payment provider tests (payment.yuno.test.ts, payment.finapi.test.ts) share: a
 * database with the checkout network, an event dispatcher whose subscribers do nothing (the
 * tests look at payments and refunds, not mails), and a booking reserved by the traveller's
 * browser session, ready to pay.
 */
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { bindCartSessionByHash } from '../../src/server/booking/access.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { operators } from '../../src/server/db/schema.ts';
import { createEventDispatcher } from '../../src/server/events/dispatch.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { GUEST } from '../support/actors.ts';
import { BUS, BUS_THEN_BOAT, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { TRAVELLER_SESSION } from './travellerRequests.ts';

/** The checkout network and its search index, and a dispatcher over subscribers that do nothing. */
export async function providerTestSetup(db: Db): Promise<{ index: TimetableIndex; events: ReturnType<typeof createEventDispatcher> }> {
  await insertCheckoutNetwork(db, { bus: 40, boat: 2 });
  const index = await loadIndex(db, NOW);
  await refreshSearchIndex(db);
  const quiet = () => Promise.resolve();
  const events = createEventDispatcher({
    'mail.confirmation': quiet,
    'mail.cancellation': quiet,
    'payment.refund': quiet,
    'reseller.commission': quiet,
    analytics: quiet,
  });
  return { index, events };
}

/**
 * A bus booking reserved by the traveller's browser (TRAVELLER_SESSION), in the given currency.
 * With `split`, the bus is the shop's part of a bus-then-boat cart whose boat operator collects
 * its own payment (issue 26): a part booking, whose total is the bus fare only.
 */
export async function reservedBooking(db: Db, index: TimetableIndex, options: { currency: string; email: string; split?: boolean }) {
  if (options.split) await db.update(operators).set({ collectsOwnPayment: true }).where(eq(operators.id, 2));
  const selections = parseAddToCartSlug(options.split ? BUS_THEN_BOAT : BUS) ?? [];
  const quoted = quoteSelections(index, selections, { currency: options.currency, now: NOW });
  if (typeof quoted === 'string') throw new Error(quoted);
  const hash = await createCart(db, { lang: 'en', currency: options.currency, people: 1, selections, quoted });
  await bindCartSessionByHash(db, hash, TRAVELLER_SESSION);
  const result = await reserveCart(db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST, email: options.email });
  if (!result.ok) throw new Error(result.code);
  if (options.split && result.bookings.length !== 2) throw new Error('the cart was not split into parts');
  return result.booking;
}
