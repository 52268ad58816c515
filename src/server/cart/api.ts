/**
 * Cart endpoints (SPEC §7 cart, cartV2, cart/freeze, booking/getBookingCartHashByBID). Route
 * files call one handler each; `createCartApi({ db, now })` lets tests use their own database
 * and clock.
 */
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { ApiError } from '../api/errors.ts';
import { setCookieHeader } from '../http/setCookie.ts';
import { endpoints, json, NO_STORE, parseInput, queryObject, readJson } from '../api/http.ts';
import { cartHashQuery } from '../../domain/cart/cartHash.ts';
import type { Db } from '../db/client.ts';
import { cartOpenTo } from '../booking/access.ts';
import { bookingLookupQuery, lookupBooking } from '../booking/lookup.ts';
import { carts } from '../db/schema.ts';
import { getSearchIndex } from '../search/cache.ts';
import { freezeCart, loadCart } from './cart.ts';
import { cartView, cartViewV2 } from './view.ts';

type Ctx = Pick<APIContext, 'request' | 'url' | 'locals'> & Partial<Pick<APIContext, 'clientAddress'>>;

export interface CartApiOptions {
  db?: Db;
  now?: () => number;
}

/** booking/getBookingCartHashByBID?bid=&(email=|surname=): see src/server/booking/lookup.ts. */
export const bookingReferenceQuery = bookingLookupQuery;

/** The caller's address (Astro throws when the adapter does not know it). */
function clientIp(ctx: Ctx): string {
  try {
    return ctx.clientAddress ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function createCartApi(options: CartApiOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const database = async () => options.db ?? (await import('../db/index.ts').then((m) => m.getDbHandle())).db;

  async function read(ctx: Ctx, shape: 'v1' | 'v2'): Promise<Response> {
    const { hash } = parseInput(cartHashQuery, queryObject(ctx.url), 'invalid_cart');
    const index = await getSearchIndex(options.db, now());
    const db = await database();
    const loaded = await loadCart(db, hash);
    // A booked cart answers only to its owner; a stranger is told what an unknown cart is told.
    if (!loaded || !(await cartOpenTo(db, ctx.request, loaded.cart.id, new Date(now())))) throw new ApiError('cart_not_found');
    return json(shape === 'v1' ? cartView(loaded, index) : cartViewV2(loaded, index, ctx.locals.locale.code), 200, NO_STORE);
  }

  return endpoints({
    cart: (ctx: Ctx) => read(ctx, 'v1'),
    cartV2: (ctx: Ctx) => read(ctx, 'v2'),

    async freeze(ctx: Ctx): Promise<Response> {
      const { hash } = parseInput(cartHashQuery, await readJson(ctx.request), 'invalid_cart');
      const db = await database();
      const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.hash, hash)).limit(1);
      if (!cart || !(await cartOpenTo(db, ctx.request, cart.id, new Date(now())))) throw new ApiError('cart_not_found');
      const frozen = await freezeCart(db, hash, new Date(now()));
      // The browser's scripts learn the cart is frozen from this cookie (src/stores/frozenCart.ts).
      return json({ hash, frozen }, 200, NO_STORE, frozen ? [setCookieHeader({ name: 'frozen_cart', value: hash })] : []);
    },

    /**
     * A booking by the reference ("BID") printed on the ticket and a second fact (its e-mail or
     * the lead passenger's surname): a short-lived link to its tickets, or to continue paying.
     */
    async cartHashByBookingId(ctx: Ctx): Promise<Response> {
      const query = parseInput(bookingReferenceQuery, queryObject(ctx.url), 'invalid_booking');
      const result = await lookupBooking(await database(), {
        query,
        ip: clientIp(ctx),
        lang: ctx.locals.locale.segment,
        now: new Date(now()),
      });
      switch (result.kind) {
        case 'rate_limited':
          throw new ApiError('too_many_attempts', { headers: { 'retry-after': String(result.retryAfter) } });
        case 'not_found':
          throw new ApiError('booking_not_found');
        case 'paid':
          return json({ ticket_url: result.ticketUrl, expires_in: result.expiresInSeconds }, 200, NO_STORE);
        case 'held':
          return json({ resume_url: result.resumeUrl, expires_in: result.expiresInSeconds }, 200, NO_STORE);
      }
    },
  });
}

export type CartApi = ReturnType<typeof createCartApi>;

export const cartApi: CartApi = createCartApi();
