/**
 * Puts a rail pass in a new cart or beside the trips of the traveller's open cart: the purchase
 * is checked field by field against the pass (class, passenger kind, start date in the
 * activation window, each traveller's age and residence) so the traveller learns exactly what to
 * change, then added through the product interface (src/server/cart/addProduct.ts) with the
 * pass's terms. A pass travels with everyone in the cart: its travellers are the cart's people.
 */
import { eq } from 'drizzle-orm';
import { lineProblems } from '../../domain/railpass/purchase.ts';
import { RAILPASS_KIND, type RailpassPurchase } from '../../domain/railpass/line.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { addProductToCart, type AddProductResult } from '../cart/addProduct.ts';
import type { Db } from '../db/client.ts';
import { carts } from '../db/schema.ts';
import { railpassLineOf } from './product.ts';

export interface AddRailpassInput {
  purchase: RailpassPurchase;
  cartHash?: string | undefined;
  lang: string;
  currency: string;
  now: number;
  sessionKey: string;
}

export type AddRailpassResult =
  | Extract<AddProductResult, { ok: true }>
  | { ok: false; code: 'railpass_not_found' }
  | { ok: false; code: 'railpass_not_sellable' | 'travellers_mismatch'; fields: Record<string, string[]> }
  | Extract<AddProductResult, { ok: false }>;

export async function addRailpassToCart(db: Db, index: TimetableIndex, input: AddRailpassInput): Promise<AddRailpassResult> {
  const pass = index.railpasses?.byId.get(input.purchase.passId);
  if (!pass) return { ok: false, code: 'railpass_not_found' };
  const problems = lineProblems(pass, input.purchase, input.now);
  if (problems.length) {
    const fields: Record<string, string[]> = {};
    for (const p of problems) (fields[p.field] ??= []).push(p.code);
    return { ok: false, code: 'railpass_not_sellable', fields };
  }
  const line = railpassLineOf(pass, input.purchase);
  if (!line) return { ok: false, code: 'railpass_not_sellable', fields: { classKey: ['unknown_class'] } };
  const people = input.purchase.travellers.length;
  if (input.cartHash) {
    const [cart] = await db.select({ people: carts.people }).from(carts).where(eq(carts.hash, input.cartHash)).limit(1);
    if (!cart) return { ok: false, code: 'cart_not_found' };
    if (cart.people !== people)
      return { ok: false, code: 'travellers_mismatch', fields: { travellers: [`expected_${String(cart.people)}`] } };
  }
  return addProductToCart(db, index, {
    kind: RAILPASS_KIND,
    line,
    lang: input.lang,
    currency: input.currency,
    people,
    now: input.now,
    cartHash: input.cartHash,
    sessionKey: input.sessionKey,
  });
}
