/**
 * A cart's lines through their products (registry.ts): quoting, the stock they take, how they
 * refund, whether payment confirms them, what the ticket prints. The booking core calls these and
 * never reads a line's data itself. A line of a kind no longer registered is a problem, never free.
 */
import { asc, eq } from 'drizzle-orm';
import type { QuotedLeg } from '../../domain/cart/quote.ts';
import type { RefundLeg } from '../../domain/tickets/refund.ts';
import { carriesLeg, type BookingShare } from '../booking/bookedCart.ts';
import type { ProductStockWant } from '../booking/lifecycle/productStock.ts';
import type { CartProductLine, LoadedCart } from '../cart/cart.ts';
import { cartItems, cartLegs, cartProductLines } from '../db/schema.ts';
import { departureSeat, type DepartureLine, type DepartureQuote } from './departureSeat.ts';
import type { ProductQuote, ProductQuoteProblem, QuoteContext, Reader, TicketItem, Translate } from './product.ts';
import { productOf } from './registry.ts';

export interface QuotedProductLine {
  line: CartProductLine;
  quote: ProductQuote;
}

export interface CartQuote {
  /** The departure seats, one quote per cart item (trip), with its legs. */
  seats: DepartureQuote[];
  products: QuotedProductLine[];
  /** Everything for the cart's people, in the cart's currency: seats per passenger times people, plus each product line's own total. */
  totalMinor: number;
}

/** A cart item as the departure seat product sees it. */
export function departureLineOf(item: LoadedCart['items'][number]): DepartureLine {
  return {
    tripKey: item.tripKey,
    optionIds: item.optionIds,
    legs: item.legs.map((l) => ({ travelOptionId: l.travelOptionId, departureAt: l.departureAt, unitPriceMinor: l.unitPriceMinor })),
  };
}

/** What the seats of a cart item cost each passenger, as the cart holds them. */
function seatUnitMinor(line: DepartureLine): number {
  return line.legs.reduce((s, l) => s + l.unitPriceMinor, 0);
}

/** Product lines grouped by kind, each parsed by its product (undefined: a kind nobody sells any more). */
function byKind(lines: readonly { kind: string; line: unknown }[]) {
  const groups = new Map<string, { indexes: number[]; lines: unknown[] }>();
  for (const [i, l] of lines.entries()) {
    const product = productOf(l.kind);
    const parsed = product?.line.safeParse(l.line);
    if (!product || !parsed?.success) return undefined;
    const group = groups.get(l.kind) ?? { indexes: [], lines: [] };
    group.indexes.push(i);
    group.lines.push(parsed.data);
    groups.set(l.kind, group);
  }
  return [...groups.entries()].map(([kind, g]) => ({ product: productOf(kind) ?? departureSeat, ...g }));
}

/** Every line of the cart priced now, or the first reason one cannot be sold. */
export function quoteCart(loaded: LoadedCart, q: QuoteContext): CartQuote | ProductQuoteProblem {
  const seats = departureSeat.quote(loaded.items.map(departureLineOf), q);
  if (typeof seats === 'string') return seats;
  const groups = byKind(loaded.products);
  if (!groups) return 'unknown_product';
  const products: QuotedProductLine[] = [];
  for (const group of groups) {
    const quotes = group.product.quote(group.lines, q);
    if (typeof quotes === 'string') return quotes;
    for (const [j, i] of group.indexes.entries()) {
      const line = loaded.products[i];
      const quote = quotes[j];
      if (line && quote) products.push({ line, quote });
    }
  }
  products.sort((a, b) => a.line.position - b.line.position);
  const totalMinor = seats.reduce((s, x) => s + x.priceMinor, 0) + products.reduce((s, p) => s + p.quote.priceMinor, 0);
  return { seats, products, totalMinor };
}

/** The stock a booking of `people` passengers takes: departure legs (for the seat holds) and product units. */
export function stockNeeds(loaded: LoadedCart, quoted: CartQuote, people: number): { legs: QuotedLeg[]; units: ProductStockWant[] } {
  const legs: QuotedLeg[] = [];
  const units: ProductStockWant[] = [];
  const take = (kind: string, needs: ReturnType<typeof departureSeat.stock>) => {
    for (const need of needs)
      if (need.store === 'departure_inventory') legs.push(need.leg);
      else units.push({ kind, key: need.key, capacity: need.capacity, quantity: people });
  };
  for (const [i, item] of loaded.items.entries()) {
    const quote = quoted.seats[i];
    if (quote) take(departureSeat.kind, departureSeat.stock(departureLineOf(item), quote));
  }
  for (const { line, quote } of quoted.products) {
    const product = productOf(line.kind);
    const parsed = product?.line.safeParse(line.line);
    if (!product || !parsed?.success) throw new Error(`cart line of unknown product kind ${line.kind}`);
    take(line.kind, product.stock(parsed.data, quote));
  }
  return { legs, units };
}

/**
 * The share of a cart one booking carries: all of it, or — split payment (issue 26) — one
 * payment part's legs, plus the other product lines when the part carries them.
 */
export interface BookedShare extends BookingShare {
  cartId: number;
}

/** A booked cart's lines as stored: departure items with their legs, then the other products (of a part: its share). */
async function storedLines(reader: Reader, share: BookedShare) {
  const { cartId } = share;
  const legs = await reader
    .select({ item: cartItems, leg: cartLegs })
    .from(cartLegs)
    .innerJoin(cartItems, eq(cartItems.id, cartLegs.cartItemId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.position), asc(cartLegs.legIndex));
  const items = new Map<number, LoadedCart['items'][number]>();
  for (const { item, leg } of legs) {
    const entry = items.get(item.id) ?? { id: item.id, position: item.position, tripKey: item.tripKey, optionIds: [], legs: [] };
    entry.legs.push(leg);
    items.set(item.id, entry);
  }
  const products = await reader
    .select()
    .from(cartProductLines)
    .where(eq(cartProductLines.cartId, cartId))
    .orderBy(asc(cartProductLines.position));
  const whole = { seats: [...items.values()].map(departureLineOf), products };
  if (!share.partLegs) return whole;
  return {
    seats: whole.seats
      .map((line, itemIndex) => ({ ...line, legs: line.legs.filter((_, legIndex) => carriesLeg(share, itemIndex, legIndex)) }))
      .filter((line) => line.legs.length > 0),
    products: share.partCarriesExtras ? products : [],
  };
}

/** How cancelling the booked cart (or the booking's part of it) refunds each line, by each line's product. */
export async function refundTermsOfCart(
  reader: Reader,
  share: BookedShare,
  people: number,
): Promise<{ terms: RefundLeg[]; fareMinor: number }> {
  const { seats, products } = await storedLines(reader, share);
  const terms = await departureSeat.refundTerms(
    reader,
    seats.map((line) => ({ line, priceMinor: seatUnitMinor(line) * people })),
    people,
  );
  let fareMinor = seats.reduce((s, line) => s + seatUnitMinor(line), 0) * people;
  for (const group of byKind(products) ?? []) {
    // A product line refunds its own total (its travellers' fares), never a unit price times people.
    const priced = group.indexes.map((i, j) => ({ line: group.lines[j], priceMinor: products[i]?.priceMinor ?? 0 }));
    terms.push(...(await group.product.refundTerms(reader, priced, people)));
    fareMinor += priced.reduce((s, p) => s + p.priceMinor, 0);
  }
  return { terms, fareMinor };
}

/** Instant when every line's product (of the booking's share) confirms at once; a line of an unknown kind waits for staff. */
export async function confirmationOfCart(reader: Reader, share: BookedShare): Promise<'instant' | 'manual'> {
  const { seats, products } = await storedLines(reader, share);
  if ((await departureSeat.confirmation(reader, seats)) === 'manual') return 'manual';
  const groups = byKind(products);
  if (!groups) return 'manual';
  for (const group of groups) if ((await group.product.confirmation(reader, group.lines)) === 'manual') return 'manual';
  return 'instant';
}

/** What the ticket prints for the cart's products other than departure seats, in one language. */
export function productTicketItems(lines: readonly { kind: string; line: unknown }[], localeCode: string, t: Translate): TicketItem[] {
  const items: TicketItem[] = [];
  for (const group of byKind(lines) ?? []) items.push(...group.product.ticketItems(group.lines, localeCode, t));
  return items;
}
