/**
 * Step restriction (SPEC §2): checkout and payment pages open only when the data they need
 * exists — no confirmation before seats are held, no checkout of an unknown cart, and a paid
 * booking goes to its payment status rather than back into the form. Pure rules in
 * src/domain/checkout/steps.ts; this reads the cart and its booking — once per request: the
 * step's page reads them from `locals.checkout` (its view model in src/server/checkout/pages.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { checkoutPath, restrictStep, unknownCartPath, type CheckoutStep } from '../../domain/checkout/steps.ts';
import { cartHashSchema } from '../../domain/cart/cartHash.ts';
import { loadCart } from '../cart/cart.ts';
import { cartOpenTo } from '../booking/access.ts';
import { bookingsOfCart, leadBooking } from '../booking/bookings.ts';
import { isPaid } from '../../domain/booking/lifecycle.ts';

const PATH = /^\/([a-zA-Z-]{2,5})\/(checkout|pay)\/([^/]+)(?:\/step\/(passengers|confirmation))?\/?$/;

export function stepOf(kind: string, step: string | undefined): CheckoutStep {
  if (kind === 'pay') return 3;
  if (step === 'passengers') return 1;
  if (step === 'confirmation') return 2;
  return 0;
}

export const checkoutMiddleware = defineMiddleware(async (context, next) => {
  const match = PATH.exec(context.url.pathname);
  if (!match || context.isPrerendered) return next();
  const [, lang = 'en', kind = 'checkout', rawHash = '', step] = match;
  // /pay/new-{hash} is an alias of /pay/{hash}.
  const hash = kind === 'pay' ? rawHash.replace(/^new-/, '') : rawHash;
  if (!cartHashSchema.safeParse(hash).success) return context.redirect(unknownCartPath(lang), 302);
  const { getDbHandle } = await import('../db/index.ts');
  const { db } = await getDbHandle();
  const found = await loadCart(db, hash);
  // A booked cart is no one's but its owner's: a stranger is sent where an unknown hash is sent.
  const loaded = found && (await cartOpenTo(db, context.request, found.cart.id, new Date())) ? found : undefined;
  const parts = loaded ? await bookingsOfCart(db, loaded.cart.id, new Date()) : [];
  const booking = leadBooking(parts);
  const split = parts.length > 1;
  const anyPaid = parts.some((b) => isPaid(b.status));
  const target =
    // A cart paid in parts (issue 26) stays on the pay step until every part is paid, and once a
    // part is paid it is never reserved again: the pay step shows what is paid and what was released.
    split && anyPaid && stepOf(kind, step) !== 3 && !parts.every((b) => isPaid(b.status))
      ? checkoutPath(lang, hash, 3)
      : restrictStep(lang, hash, stepOf(kind, step), {
          cartExists: loaded !== undefined,
          hasLiveBooking: booking !== undefined && (split ? anyPaid || !isPaid(booking.status) : !isPaid(booking.status)),
          paidBookingId: booking && (split ? parts.every((b) => isPaid(b.status)) : isPaid(booking.status)) ? booking.publicId : null,
        });
  if (target) return context.redirect(target, 302);
  if (loaded) context.locals.checkout = { hash, loaded, bookings: parts };
  return next();
});
