/**
 * The view model of the add-to-cart page (src/pages/[lang]/add-to-cart/[...slug].astro): a search
 * result's booking link becomes a cart through the same `addToCart` as the cart API. The page sets
 * the cookies and redirects, or explains why the selection cannot be sold.
 */
import type { Attribution } from '../partners/attribution.ts';
import { queryObject } from '../api/http.ts';
import { cartSessionKey, newCartSessionKey } from '../booking/access.ts';
import { logCheckoutStage } from '../booking/log.ts';
import { getDbHandle } from '../db/index.ts';
import { getSearchIndex } from '../search/cache.ts';
import { addToCart, addToCartQuery } from './addToCart.ts';

export interface AddToCartLink {
  url: URL;
  request: Request;
  slug: string;
  lang: string;
  /** The currency when the link names none (the visitor's currency cookie, resolved). */
  currency: string;
  attribution: Attribution | undefined;
}

export type AddToCartView = { ok: true; hash: string; sessionKey: string; to: string } | { ok: false; status: 404 | 409; problem: string };

export async function addToCartFromLink(link: AddToCartLink, now = Date.now()): Promise<AddToCartView> {
  // The schema is built once (a module constant): zod compiles a schema on its first use.
  const query = addToCartQuery.safeParse(queryObject(link.url));
  if (!query.success) return { ok: false, status: 404, problem: 'invalid_cart' };
  const { db } = await getDbHandle();
  const index = await getSearchIndex(db);
  const sessionKey = cartSessionKey(link.request) ?? newCartSessionKey();
  const result = await addToCart(db, index, {
    sessionKey,
    slug: link.slug,
    lang: link.lang,
    currency: query.data.currency ?? link.currency,
    people: query.data.people,
    now,
    cartHash: query.data.cartHash,
    attribution: link.attribution,
  });
  logCheckoutStage('Add to Cart', { ok: result.ok, ...(result.ok ? { cart: result.hash } : { code: result.code }) });
  if (!result.ok) return { ok: false, status: result.code === 'sales_closed' ? 409 : 404, problem: result.code };
  // The cards said another price (a fare, rate or seat change since the results loaded):
  // checkout shows both and why, before anything is held.
  const seen = query.data.seen;
  const moved = seen !== undefined && seen !== result.unitMinor ? `?seen=${String(seen)}` : '';
  return { ok: true, hash: result.hash, sessionKey, to: `/${link.lang}/checkout/${result.hash}${moved}` };
}
