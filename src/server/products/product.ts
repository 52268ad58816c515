/**
 * What the cart, checkout, payment, ticket and refund need to know of a thing a traveller buys:
 * the product interface. A cart line is one product: a departure seat in a chosen class
 * (departureSeat.ts), a rail pass with a start date, an add-on. The booking core never looks
 * inside a line; it asks the line's product (lines.ts), for all of a cart's lines of one kind at
 * once, because some prices depend on the other lines (a return trip is priced as a pair).
 *
 * Stock comes in two stores (StockNeed): departure seats take rows of departure_inventory, held
 * and sold by the lifecycle's one-statement hot paths (src/server/booking/lifecycle/hold.ts,
 * sell.ts); every other product counts units in product_stock (lifecycle/productStock.ts), in the
 * same transactions, after departure inventory in the one lock order.
 */
import type { z } from 'zod';
import type { QuotedLeg } from '../../domain/cart/quote.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import type { RefundLeg } from '../../domain/tickets/refund.ts';
import type { Db } from '../db/client.ts';

export interface QuoteContext {
  /** The cart's currency: a quote is in it, through the same FX as search. */
  currency: string;
  /** Milliseconds since the epoch. */
  now: number;
  index: TimetableIndex;
  /** The cart's travellers: a line every one of them takes (a seat, a day pass) is priced for all of them. */
  people: number;
}

export interface ProductQuote {
  /**
   * The line's price for all its travellers, in `currency` minor units. A line is priced as a
   * whole, not per passenger, because its travellers may pay different fares (a rail pass for an
   * adult and a child is the sum of their fares).
   */
  priceMinor: number;
  currency: string;
}

export type ProductQuoteProblem = 'unknown_product' | 'unknown_trip' | 'unknown_option' | 'sales_closed' | 'no_price';

/** The stock one passenger of a line takes: seats of a departure, or a unit of a keyed product stock. */
export type StockNeed = { store: 'departure_inventory'; leg: QuotedLeg } | { store: 'product_stock'; key: string; capacity: number };

/** One entry of a ticket for products without a leg layout, in the traveller's language. */
export interface TicketItem {
  title: string;
  details: string[];
  /** The first day it can be used (local date, YYYY-MM-DD). */
  validFrom: string;
  /** The last day, when it has one. */
  validUntil: string | null;
  /**
   * The people it is issued to by name, when each needs a voucher of their own (a rail pass is
   * exchanged or checked per traveller): the ticket prints one QR code per holder.
   */
  holders?: string[];
}

import type { Translate } from '../../i18n/translate.ts';
export type { Translate };
export type Reader = Pick<Db, 'select'>;

export interface CartProduct<Line = unknown, Quote extends ProductQuote = ProductQuote> {
  /** Stored with each cart line; never renamed once sold (old bookings keep it). */
  readonly kind: string;
  /** Parses a line as stored or as a client sends it. */
  readonly line: z.ZodType<Line>;
  /** Prices now, one per line, each for all its travellers; a problem when one cannot be sold now. */
  quote(lines: readonly Line[], q: QuoteContext): Quote[] | ProductQuoteProblem;
  /** The stock each passenger of the line takes. */
  stock(line: Line, quote: Quote): StockNeed[];
  /** How a cancellation refunds the lines (for the cart's `people`) at their quoted prices. */
  refundTerms(reader: Reader, lines: readonly PricedLine<Line>[], people: number): Promise<RefundLeg[]>;
  /** Whether paid lines are confirmed at once or wait for the operator or issuer. */
  confirmation(reader: Reader, lines: readonly Line[]): Promise<'instant' | 'manual'>;
  /** What the ticket prints for each line (departure seats print their legs instead: tickets/pdf.ts). */
  ticketItems(lines: readonly Line[], localeCode: string, t: Translate): TicketItem[];
}

export interface PricedLine<Line> {
  line: Line;
  /** The price the cart holds for the whole line (all its travellers). */
  priceMinor: number;
}

/** A product whose lines stand alone: written line by line, offered as a CartProduct. */
export interface SimpleProduct<Line> {
  kind: string;
  line: z.ZodType<Line>;
  /** The line's price for all its travellers (`q.people` when each of the cart's people takes one). */
  quote(line: Line, q: QuoteContext): ProductQuote | ProductQuoteProblem;
  /** The keyed stock a passenger takes, and the capacity the row is created with. */
  stock(line: Line): { key: string; capacity: number };
  refundTerm(line: Line, fareMinor: number): RefundLeg;
  confirmation(line: Line): 'instant' | 'manual';
  ticketItem(line: Line, localeCode: string, t: Translate): TicketItem;
}

export function simpleProduct<Line>(p: SimpleProduct<Line>): CartProduct<Line> {
  return {
    kind: p.kind,
    line: p.line,
    quote(lines, q) {
      const quotes: ProductQuote[] = [];
      for (const line of lines) {
        const quote = p.quote(line, q);
        if (typeof quote === 'string') return quote;
        quotes.push(quote);
      }
      return quotes;
    },
    stock: (line) => [{ store: 'product_stock', ...p.stock(line) }],
    refundTerms: (_reader, lines) => Promise.resolve(lines.map((l) => p.refundTerm(l.line, l.priceMinor))),
    confirmation: (_reader, lines) => Promise.resolve(lines.every((l) => p.confirmation(l) === 'instant') ? 'instant' : 'manual'),
    ticketItems: (lines, localeCode, t) => lines.map((l) => p.ticketItem(l, localeCode, t)),
  };
}
