/**
 * Adds a product that is not a departure seat (a rail pass, an add-on: src/server/products) to a
 * new cart or to the traveller's open cart, priced by its product now. The line is parsed by its
 * product's schema; a kind nobody registered, a line its product refuses or a product that cannot
 * be sold now change nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import type { Db } from '../db/client.ts';
import { bookings, cartProductLines, carts } from '../db/schema.ts';
import { bindCartSessionByHash } from '../booking/access.ts';
import type { ProductQuoteProblem } from '../products/product.ts';
import { productOf } from '../products/registry.ts';
import { newCartHash } from './cart.ts';

/** A cart holds at most this many product lines (a pass per traveller kind, a few add-ons). */
export const MAX_PRODUCT_LINES = 8;

export interface AddProductInput {
  kind: string;
  line: unknown;
  lang: string;
  currency: string;
  people: number;
  now: number;
  /** The traveller's open cart, when the product joins it. */
  cartHash?: string | undefined;
  /** The browser's cart session key: the cart answers to this browser once it is booked. */
  sessionKey: string;
}

export type AddProductResult =
  /** `priceMinor`: the line's price for all its travellers. */
  | { ok: true; hash: string; priceMinor: number; currency: string }
  | {
      ok: false;
      code: 'unknown_product' | 'invalid_line' | 'cart_not_found' | 'cart_closed' | 'cart_full' | ProductQuoteProblem;
      issues?: string[];
    };

export async function addProductToCart(db: Db, index: TimetableIndex, input: AddProductInput): Promise<AddProductResult> {
  const product = productOf(input.kind);
  if (!product) return { ok: false, code: 'unknown_product' };
  const parsed = product.line.safeParse(input.line);
  if (!parsed.success) return { ok: false, code: 'invalid_line', issues: parsed.error.issues.map((i) => i.path.join('.')) };

  let cart: { id: number; hash: string; currency: string; people: number } | undefined;
  if (input.cartHash) {
    [cart] = await db
      .select({ id: carts.id, hash: carts.hash, currency: carts.currency, people: carts.people })
      .from(carts)
      .where(eq(carts.hash, input.cartHash))
      .limit(1);
    if (!cart) return { ok: false, code: 'cart_not_found' };
  }
  // A line joining a cart is for that cart's travellers.
  const people = cart?.people ?? input.people;
  const quotes = product.quote([parsed.data], { currency: cart?.currency ?? input.currency, now: input.now, index, people });
  if (typeof quotes === 'string') return { ok: false, code: quotes };
  const quote = quotes[0];
  if (!quote) return { ok: false, code: 'no_price' };
  const line = parsed.data as Record<string, unknown>;

  if (!cart) {
    const hash = newCartHash();
    await db.execute(sql`
      with cart as (
        insert into ${carts} (hash, lang, currency, people) values (${hash}, ${input.lang}, ${quote.currency}, ${people})
        returning id
      )
      insert into ${cartProductLines} (cart_id, position, kind, line, price_minor, currency)
      select cart.id, 0, ${input.kind}, ${JSON.stringify(line)}::jsonb, ${quote.priceMinor}, ${quote.currency} from cart`);
    await bindCartSessionByHash(db, hash, input.sessionKey);
    return { ok: true, hash, priceMinor: quote.priceMinor, currency: quote.currency };
  }

  // One statement: the next position, and only while no booking was made from the cart (a booking
  // holds what the cart held when it was made; a product added later would be on its ticket unpaid).
  const inserted = await db.execute(sql`
    insert into ${cartProductLines} (cart_id, position, kind, line, price_minor, currency)
    select ${cart.id}, coalesce((select max(p.position) + 1 from ${cartProductLines} p where p.cart_id = ${cart.id}), 0),
      ${input.kind}, ${JSON.stringify(line)}::jsonb, ${quote.priceMinor}, ${quote.currency}
    where not exists (select 1 from ${bookings} b where b.cart_id = ${cart.id})
      and (select count(*) from ${cartProductLines} p where p.cart_id = ${cart.id}) < ${MAX_PRODUCT_LINES}
    returning id`);
  if ((inserted as { rows: unknown[] }).rows.length === 0) {
    const [booked] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.cartId, cart.id)).limit(1);
    return { ok: false, code: booked ? 'cart_closed' : 'cart_full' };
  }
  await bindCartSessionByHash(db, cart.hash, input.sessionKey);
  return { ok: true, hash: cart.hash, priceMinor: quote.priceMinor, currency: quote.currency };
}
