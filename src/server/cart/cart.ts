/**
 * Carts in the database: created from a search result's selection, read by hash, frozen.
 * A cart stores the unit price quoted per leg when it was filled; reserving compares the
 * current price with it (the "Price Changed" stage), unless the cart is frozen.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { QuotedLeg } from '../../domain/cart/quote.ts';
import type { CartSelection } from '../../domain/cart/slug.ts';
import type { Db } from '../db/client.ts';
import { cartItems, cartLegs, carts } from '../db/schema.ts';

export type CartRow = typeof carts.$inferSelect;
export type CartLegRow = typeof cartLegs.$inferSelect;

export interface LoadedCart {
  cart: CartRow;
  items: { id: number; position: number; tripKey: string; optionIds: number[]; legs: CartLegRow[] }[];
}

export function newCartHash(): string {
  return randomBytes(16).toString('base64url');
}

export async function createCart(
  db: Db,
  input: { lang: string; currency: string; people: number; selections: readonly CartSelection[]; quoted: readonly QuotedLeg[][] },
): Promise<string> {
  const hash = newCartHash();
  await db.transaction(async (tx) => {
    const [cart] = await tx
      .insert(carts)
      .values({ hash, lang: input.lang, currency: input.currency, people: input.people })
      .returning({ id: carts.id });
    if (!cart) throw new Error('cart insert returned nothing');
    for (const [position, selection] of input.selections.entries()) {
      const [item] = await tx
        .insert(cartItems)
        .values({ cartId: cart.id, position, tripKey: selection.tripKey, optionIds: selection.optionIds.join('+') })
        .returning({ id: cartItems.id });
      const legs = input.quoted[position] ?? [];
      if (!item || legs.length === 0) throw new Error('cart item without legs');
      await tx.insert(cartLegs).values(
        legs.map((leg, legIndex) => ({
          cartItemId: item.id,
          legIndex,
          scheduleId: leg.scheduleId,
          travelOptionId: leg.travelOptionId,
          serviceDate: leg.serviceDate,
          departureAt: leg.departureAt,
          arrivalAt: leg.arrivalAt,
          fromStationId: leg.fromStationId,
          toStationId: leg.toStationId,
          operatorId: leg.operatorId,
          unitPriceMinor: leg.unitPriceMinor,
          currency: leg.currency,
        })),
      );
    }
  });
  return hash;
}

export async function loadCart(db: Db, hash: string): Promise<LoadedCart | undefined> {
  const [cart] = await db.select().from(carts).where(eq(carts.hash, hash)).limit(1);
  return cart ? withItems(db, cart) : undefined;
}

export async function loadCartById(db: Db, id: number): Promise<LoadedCart | undefined> {
  const [cart] = await db.select().from(carts).where(eq(carts.id, id)).limit(1);
  return cart ? withItems(db, cart) : undefined;
}

async function withItems(db: Db, cart: CartRow): Promise<LoadedCart> {
  const items = await db.select().from(cartItems).where(eq(cartItems.cartId, cart.id)).orderBy(asc(cartItems.position));
  const legs = items.length
    ? await db
        .select()
        .from(cartLegs)
        .where(
          inArray(
            cartLegs.cartItemId,
            items.map((i) => i.id),
          ),
        )
        .orderBy(asc(cartLegs.cartItemId), asc(cartLegs.legIndex))
    : [];
  return {
    cart,
    items: items.map((item) => ({
      id: item.id,
      position: item.position,
      tripKey: item.tripKey,
      optionIds: item.optionIds.split('+').map(Number),
      legs: legs.filter((l) => l.cartItemId === item.id),
    })),
  };
}

export function cartSelections(loaded: LoadedCart): CartSelection[] {
  return loaded.items.map((i) => ({ tripKey: i.tripKey, optionIds: i.optionIds }));
}

/** Per-passenger total of the cart's quoted prices, in the cart currency's minor units. */
export function cartUnitTotal(loaded: LoadedCart): number {
  return loaded.items.reduce((sum, item) => sum + item.legs.reduce((s, l) => s + l.unitPriceMinor, 0), 0);
}

/** Stores newly quoted prices (after the traveller was shown the change). */
export async function requoteCart(db: Db, loaded: LoadedCart, quoted: readonly QuotedLeg[][]): Promise<void> {
  await db.transaction(async (tx) => {
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
