/**
 * Cart endpoints (SPEC §7 cart, cartV2, cart/freeze, booking/getBookingCartHashByBID). Route
 * files call one handler each; `createCartApi({ db, now })` lets tests use their own database
 * and clock.
 */
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { apiError } from '../api/errors.ts';
import type { Db } from '../db/client.ts';
import { cartOpenTo } from '../booking/access.ts';
import { bookingLookupQuery, lookupBooking } from '../booking/lookup.ts';
import { carts } from '../db/schema.ts';
import { getSearchIndex } from '../search/cache.ts';
import { indexError, json } from '../search/http.ts';
import { queryObject } from '../search/params.ts';
import { freezeCart, loadCart } from './cart.ts';
import { cartView, cartViewV2 } from './view.ts';

type Ctx = Pick<APIContext, 'request' | 'url' | 'locals'> & Partial<Pick<APIContext, 'clientAddress'>>;

export interface CartApiOptions {
  db?: Db;
  now?: () => number;
}

export const cartHashSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'invalid_cart_hash');
export const cartHashQuery = z.object({ hash: cartHashSchema });
/** booking/getBookingCartHashByBID?bid=&(email=|surname=): see src/server/booking/lookup.ts. */
export const bookingReferenceQuery = bookingLookupQuery;

const NO_STORE = { 'cache-control': 'no-store' };

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

  async function withIndex(ctx: Ctx): Promise<TimetableIndex | Response> {
    try {
      return await getSearchIndex(options.db, now());
    } catch (error) {
      return indexError(ctx.locals.t, error);
    }
  }

  async function read(ctx: Ctx, shape: 'v1' | 'v2'): Promise<Response> {
    const parsed = cartHashQuery.safeParse(queryObject(ctx.url));
    if (!parsed.success) return apiError(ctx.locals.t, 'invalid_cart', 400, parsed.error);
    const index = await withIndex(ctx);
    if (index instanceof Response) return index;
    const db = await database();
    const loaded = await loadCart(db, parsed.data.hash);
    // A booked cart answers only to its owner; a stranger is told what an unknown cart is told.
    if (!loaded || !(await cartOpenTo(db, ctx.request, loaded.cart.id, new Date(now()))))
      return apiError(ctx.locals.t, 'cart_not_found', 404);
    return json(shape === 'v1' ? cartView(loaded, index) : cartViewV2(loaded, index, ctx.locals.locale.code), 200, NO_STORE);
  }

  return {
    cart: (ctx: Ctx) => read(ctx, 'v1'),
    cartV2: (ctx: Ctx) => read(ctx, 'v2'),

    async freeze(ctx: Ctx): Promise<Response> {
      let body: unknown;
      try {
        body = await ctx.request.json();
      } catch {
        body = undefined;
      }
      const parsed = cartHashQuery.safeParse(body);
      if (!parsed.success) return apiError(ctx.locals.t, 'invalid_cart', 400, parsed.error);
      const db = await database();
      const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.hash, parsed.data.hash)).limit(1);
      if (!cart || !(await cartOpenTo(db, ctx.request, cart.id, new Date(now())))) return apiError(ctx.locals.t, 'cart_not_found', 404);
      const frozen = await freezeCart(db, parsed.data.hash, new Date(now()));
      return json({ hash: parsed.data.hash, frozen }, 200, NO_STORE);
    },

    /**
     * A booking by the reference ("BID") printed on the ticket and a second fact (its e-mail or
     * the lead passenger's surname): a short-lived link to its tickets, or to continue paying.
     */
    async cartHashByBookingId(ctx: Ctx): Promise<Response> {
      const parsed = bookingReferenceQuery.safeParse(queryObject(ctx.url));
      if (!parsed.success) return apiError(ctx.locals.t, 'invalid_booking', 400, parsed.error);
      const result = await lookupBooking(await database(), {
        query: parsed.data,
        ip: clientIp(ctx),
        lang: ctx.locals.locale.segment,
        now: new Date(now()),
      });
      switch (result.kind) {
        case 'rate_limited': {
          const response = apiError(ctx.locals.t, 'too_many_attempts', 429);
          response.headers.set('retry-after', String(result.retryAfter));
          return response;
        }
        case 'not_found':
          return apiError(ctx.locals.t, 'booking_not_found', 404);
        case 'paid':
          return json({ ticket_url: result.ticketUrl, expires_in: result.expiresInSeconds }, 200, NO_STORE);
        case 'held':
          return json({ resume_url: result.resumeUrl, expires_in: result.expiresInSeconds }, 200, NO_STORE);
      }
    },
  };
}

export type CartApi = ReturnType<typeof createCartApi>;

export const cartApi: CartApi = createCartApi();
