/**
 * The departure seat: a seat on every leg of a trip in the chosen class, the product the site was
 * built around. Its lines live in cart_items and cart_legs (one row per vehicle, with the unit
 * price quoted per leg), its stock in departure_inventory; a return trip is quoted together with
 * its outbound trip (the round-trip discount), which is why products quote a cart's lines at once.
 * Refund terms and confirmation follow each leg's class and operator as they are now.
 */
import { inArray, eq } from 'drizzle-orm';
import { z } from 'zod';
import { quoteSelections, unitTotal, type QuotedLeg } from '../../domain/cart/quote.ts';
import { operators, routes, travelOptions } from '../db/schema.ts';
import type { CartProduct, ProductQuote, Reader } from './product.ts';

export const DEPARTURE_SEAT = 'departure_seat';

const legSchema = z.object({ travelOptionId: z.number().int().positive(), departureAt: z.date(), unitPriceMinor: z.number().int().min(0) });

const departureLine = z.object({
  tripKey: z.string().min(1).max(2000),
  optionIds: z.array(z.number().int().positive()).min(1).max(8),
  /** The legs as the cart holds them (absent on a selection that is not in a cart yet). */
  legs: z.array(legSchema).default([]),
});
export type DepartureLine = z.infer<typeof departureLine>;

/** A trip's seats: `priceMinor` for the cart's people, `unitPriceMinor` what each of them pays (every passenger pays the same seat fare). */
export interface DepartureQuote extends ProductQuote {
  unitPriceMinor: number;
  legs: QuotedLeg[];
}

async function optionFacts(reader: Reader, lines: readonly DepartureLine[]) {
  const ids = [...new Set(lines.flatMap((l) => l.legs.map((leg) => leg.travelOptionId)))];
  if (ids.length === 0) return new Map<number, { hours: number | null; lateRefundPct: number; confirmation: 'instant' | 'manual' }>();
  const rows = await reader
    .select({
      id: travelOptions.id,
      hours: travelOptions.fullRefundHours,
      lateRefundPct: operators.lateRefundPct,
      confirmation: travelOptions.confirmation,
    })
    .from(travelOptions)
    .innerJoin(routes, eq(routes.id, travelOptions.routeId))
    .innerJoin(operators, eq(operators.id, routes.operatorId))
    .where(inArray(travelOptions.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export const departureSeat: CartProduct<DepartureLine, DepartureQuote> = {
  kind: DEPARTURE_SEAT,
  line: departureLine,
  quote(lines, q) {
    const quoted = quoteSelections(q.index, lines, { currency: q.currency, now: q.now });
    if (typeof quoted === 'string') return quoted;
    return quoted.map((legs) => {
      const unitPriceMinor = unitTotal(legs);
      return { unitPriceMinor, priceMinor: unitPriceMinor * q.people, currency: legs[0]?.currency ?? q.currency, legs };
    });
  },
  stock: (_line, quote) => quote.legs.map((leg) => ({ store: 'departure_inventory', leg })),
  async refundTerms(reader, lines, people) {
    const facts = await optionFacts(
      reader,
      lines.map((l) => l.line),
    );
    // Before a leg's free-cancellation deadline its whole fare comes back, after it the operator's share.
    return lines.flatMap(({ line }) =>
      line.legs.map((leg) => {
        const fact = facts.get(leg.travelOptionId);
        const hours = fact?.hours ?? null;
        return {
          departureAt: leg.departureAt,
          fullRefundUntil: hours === null ? null : new Date(leg.departureAt.getTime() - hours * 3_600_000),
          fareMinor: leg.unitPriceMinor * people,
          lateRefundPct: fact?.lateRefundPct ?? 0,
        };
      }),
    );
  },
  async confirmation(reader, lines) {
    const facts = await optionFacts(reader, lines);
    // An operator that confirms by hand leaves the whole booking pending until staff confirm it.
    return lines.every((l) => l.legs.every((leg) => facts.get(leg.travelOptionId)?.confirmation === 'instant')) ? 'instant' : 'manual';
  },
  // The ticket prints a departure's legs in its own layout (stations' zones, driver's names).
  ticketItems: () => [],
};
