/**
 * Add to cart (SPEC §2 /{lang}/add-to-cart/{slug...}): the booking_uri tail of a search result
 * becomes a new cart. With the cart hash of an outbound trip (the round-trip flow), the new
 * cart holds the outbound trip and this return trip together.
 */
import { quoteSelections, unitTotal, type QuoteProblem } from '../../domain/cart/quote.ts';
import { MAX_CART_TRIPS, parseAddToCartSlug } from '../../domain/cart/slug.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { z } from 'zod';
import { currencyCodeSchema } from '../../domain/currency.ts';
import type { Db } from '../db/client.ts';
import { people } from '../search/params.ts';
import { bindCartSessionByHash } from '../booking/access.ts';
import { cartHashSchema } from '../../domain/cart/cartHash.ts';
import type { Attribution } from '../partners/attribution.ts';
import { cartSelections, createCart, loadCart } from './cart.ts';

/** The add-to-cart page's query (SPEC §2): passengers, currency, and the outbound cart of a return trip. */
export const addToCartQuery = z.object({
  people: people.default(2),
  currency: currencyCodeSchema.optional(),
  cartHash: cartHashSchema.optional(),
  /** The fare per person the cards showed (minor units of `currency`): checkout compares it with its quote. */
  seen: z.coerce.number().int().min(0).max(100_000_000).optional(),
});

export interface AddToCartInput {
  slug: string;
  lang: string;
  currency: string;
  people: number;
  now: number;
  /** The outbound cart when this is the return trip. */
  cartHash?: string | undefined;
  /** The browser's cart session key: the new cart answers to this browser once it is booked. */
  sessionKey: string;
  /** Issue 25: partner host and affiliate id of the visitor's first visit (src/server/partners/attribution.ts). */
  attribution?: Attribution | undefined;
}

export type AddToCartResult =
  { ok: true; hash: string; unitMinor: number; currency: string } | { ok: false; code: 'invalid_cart' | 'cart_not_found' | QuoteProblem };

export async function addToCart(db: Db, index: TimetableIndex, input: AddToCartInput): Promise<AddToCartResult> {
  const parsed = parseAddToCartSlug(input.slug);
  if (!parsed) return { ok: false, code: 'invalid_cart' };
  let selections = parsed;
  let { currency, people } = input;
  if (input.cartHash) {
    const outbound = await loadCart(db, input.cartHash);
    if (!outbound) return { ok: false, code: 'cart_not_found' };
    selections = [...cartSelections(outbound), ...parsed];
    currency = outbound.cart.currency;
    people = outbound.cart.people;
    if (selections.length > MAX_CART_TRIPS) return { ok: false, code: 'invalid_cart' };
  }
  const quoted = quoteSelections(index, selections, { currency, now: input.now });
  if (typeof quoted === 'string') return { ok: false, code: quoted };
  const hash = await createCart(db, {
    lang: input.lang,
    currency: quoted[0]?.[0]?.currency ?? currency,
    people,
    selections,
    quoted,
    attribution: input.attribution,
  });
  await bindCartSessionByHash(db, hash, input.sessionKey);
  return { ok: true, hash, unitMinor: unitTotal(quoted.flat()), currency: quoted[0]?.[0]?.currency ?? currency };
}
