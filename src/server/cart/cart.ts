/**
 * Carts in the database: created from a search result's selection, read by hash, frozen.
 * A cart stores the unit price quoted per leg when it was filled; reserving compares the
 * current price with it (the "Price Changed" stage), unless the cart is frozen.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { QuotedLeg } from '../../domain/cart/quote.ts';
import type { CartSelection } from '../../domain/cart/slug.ts';
import type { Db } from '../db/client.ts';
import { cartItems, cartLegs, cartProductLines, carts } from '../db/schema.ts';
import type { Attribution } from '../partners/attribution.ts';

export type CartRow = typeof carts.$inferSelect;
export type CartLegRow = typeof cartLegs.$inferSelect;

/** A cart line that is not a departure seat (src/server/products): its kind, its data, its quoted price for all its travellers. */
export interface CartProductLine {
  id: number;
  position: number;
  kind: string;
  line: Record<string, unknown>;
  priceMinor: number;
  currency: string;
}

export interface LoadedCart {
  cart: CartRow;
  /** Departure seats: one item per trip (outbound, return), one leg per vehicle. */
  items: { id: number; position: number; tripKey: string; optionIds: number[]; legs: CartLegRow[] }[];
  /** Every other product in the cart, by position. */
  products: CartProductLine[];
}

export function newCartHash(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Writes a cart with its items and legs in one statement (one round trip, atomic without a
 * transaction): every traveller who picks a trip passes here, including the many who then
 * find the seats gone.
 */
export async function createCart(
  db: Db,
  input: {
    lang: string;
    currency: string;
    people: number;
    selections: readonly CartSelection[];
    quoted: readonly QuotedLeg[][];
    /** Issue 25: the partner host and first-visit affiliate id the cart is credited to (the booking inherits them). */
    attribution?: Attribution | undefined;
  },
): Promise<string> {
  const hash = newCartHash();
  if (input.selections.length === 0) throw new Error('a cart needs at least one item');
  const items = input.selections.map(
    (selection, position) => sql`(${position}::smallint, ${selection.tripKey}::text, ${selection.optionIds.join('+')}::text)`,
  );
  const legs = input.selections.flatMap((_, position) => {
    const quoted = input.quoted[position] ?? [];
    if (quoted.length === 0) throw new Error('cart item without legs');
    return quoted.map(
      (leg, legIndex) =>
        sql`(${position}::smallint, ${legIndex}::smallint, ${leg.scheduleId}::integer, ${leg.travelOptionId}::integer,
          ${leg.serviceDate}::date, ${leg.departureAt.toISOString()}::timestamptz, ${leg.arrivalAt.toISOString()}::timestamptz,
          ${leg.fromStationId}::integer, ${leg.toStationId}::integer, ${leg.operatorId}::integer, ${leg.unitPriceMinor}::integer,
          ${leg.currency}::text)`,
    );
  });
  await db.execute(sql`
    with cart as (
      insert into ${carts} (hash, lang, currency, people, partner_id, affiliate_id)
      values (${hash}, ${input.lang}, ${input.currency}, ${input.people}, ${input.attribution?.partnerId ?? null}::integer,
        ${input.attribution?.affiliateId ?? null}::text)
      returning id
    ), item as (
      insert into ${cartItems} (cart_id, position, trip_key, option_ids)
      select cart.id, v.position, v.trip_key, v.option_ids
      from cart, (values ${sql.join(items, sql`, `)}) as v (position, trip_key, option_ids)
      returning id, position
    )
    insert into ${cartLegs} (cart_item_id, leg_index, schedule_id, travel_option_id, service_date, departure_at,
      arrival_at, from_station_id, to_station_id, operator_id, unit_price_minor, currency)
    select item.id, v.leg_index, v.schedule_id, v.travel_option_id, v.service_date, v.departure_at,
      v.arrival_at, v.from_station_id, v.to_station_id, v.operator_id, v.unit_price_minor, v.currency
    from item join (values ${sql.join(legs, sql`, `)}) as v (position, leg_index, schedule_id, travel_option_id,
      service_date, departure_at, arrival_at, from_station_id, to_station_id, operator_id, unit_price_minor, currency)
      on v.position = item.position`);
  return hash;
}

export function loadCart(db: Db, hash: string): Promise<LoadedCart | undefined> {
  return loadCartWhere(db, eq(carts.hash, hash));
}

export function loadCartById(db: Db, id: number): Promise<LoadedCart | undefined> {
  return loadCartWhere(db, eq(carts.id, id));
}

/**
 * A cart with its items, legs and product lines in one round trip (it is read on every checkout
 * and payment step); the product lines come as one JSON column, so they do not multiply the rows.
 */
async function loadCartWhere(db: Db, where: SQL): Promise<LoadedCart | undefined> {
  const productLines = sql<CartProductLine[] | null>`(select json_agg(json_build_object('id', p.id, 'position', p.position,
    'kind', p.kind, 'line', p.line, 'priceMinor', p.price_minor, 'currency', p.currency) order by p.position)
    from ${cartProductLines} p where p.cart_id = ${carts.id})`;
  const rows = await db
    .select({ cart: carts, item: cartItems, leg: cartLegs, products: productLines })
    .from(carts)
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .leftJoin(cartLegs, eq(cartLegs.cartItemId, cartItems.id))
    .where(where)
    .orderBy(asc(cartItems.position), asc(cartLegs.legIndex));
  const cart = rows[0]?.cart;
  if (!cart) return undefined;
  const items = new Map<number, LoadedCart['items'][number]>();
  for (const { item, leg } of rows) {
    if (!item) continue;
    let entry = items.get(item.id);
    if (!entry) {
      entry = { id: item.id, position: item.position, tripKey: item.tripKey, optionIds: item.optionIds.split('+').map(Number), legs: [] };
      items.set(item.id, entry);
    }
    if (leg) entry.legs.push(leg);
  }
  return { cart, items: [...items.values()], products: rows[0]?.products ?? [] };
}

export function cartSelections(loaded: LoadedCart): CartSelection[] {
  return loaded.items.map((i) => ({ tripKey: i.tripKey, optionIds: i.optionIds }));
}

/** What each passenger pays for the cart's departure seats as quoted (every passenger pays the same seat fare). */
export function cartSeatUnit(loaded: LoadedCart): number {
  return loaded.items.reduce((sum, item) => sum + item.legs.reduce((s, l) => s + l.unitPriceMinor, 0), 0);
}

/**
 * The cart's quoted total in its currency's minor units: the seats for each of its people plus
 * each other product line's own total (a line's travellers may pay different fares).
 */
export function cartTotal(loaded: LoadedCart, people = loaded.cart.people): number {
  return loaded.products.reduce((sum, p) => sum + p.priceMinor, cartSeatUnit(loaded) * people);
}

/** Stores newly quoted prices (after the traveller was shown the change). */
export async function requoteCart(
  db: Db,
  loaded: LoadedCart,
  quoted: readonly QuotedLeg[][],
  products: readonly { line: CartProductLine; quote: { priceMinor: number; currency: string } }[] = [],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { line, quote } of products)
      await tx
        .update(cartProductLines)
        .set({ priceMinor: quote.priceMinor, currency: quote.currency })
        .where(eq(cartProductLines.id, line.id));
    for (const [position, item] of loaded.items.entries()) {
      for (const leg of item.legs) {
        const fresh = quoted[position]?.[leg.legIndex];
        if (fresh)
          await tx.update(cartLegs).set({ unitPriceMinor: fresh.unitPriceMinor, currency: fresh.currency }).where(eq(cartLegs.id, leg.id));
      }
    }
  });
}

/** Freezes an open cart (its prices no longer follow the fares). True when it is frozen now. */
export async function freezeCart(db: Db, hash: string, now: Date): Promise<boolean> {
  await db
    .update(carts)
    .set({ status: 'frozen', frozenAt: now })
    .where(and(eq(carts.hash, hash), eq(carts.status, 'open'), isNull(carts.frozenAt)));
  const [cart] = await db.select({ frozenAt: carts.frozenAt }).from(carts).where(eq(carts.hash, hash)).limit(1);
  return cart?.frozenAt !== null && cart?.frozenAt !== undefined;
}
