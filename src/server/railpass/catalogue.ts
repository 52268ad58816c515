/**
 * The rail pass catalogue in memory: every pass of `railpasses` with its rating and review count
 * from `railpass_reviews`. Loaded with the search index (src/server/search/loadIndex.ts), so it is
 * reloaded on a reseed like the network, and the product's quote (product.ts), which must be
 * synchronous, reads it from the index it is given.
 */
import { avg, count } from 'drizzle-orm';
import type { RailpassCatalogue, RailpassRecord } from '../../domain/railpass/types.ts';
import type { Reader } from '../products/product.ts';
import { railpassReviews, railpasses } from '../db/schema.ts';

export const EMPTY_CATALOGUE: RailpassCatalogue = { passes: [], byId: new Map() };

export async function loadRailpassCatalogue(db: Reader): Promise<RailpassCatalogue> {
  const [rows, ratings] = await Promise.all([
    db.select().from(railpasses),
    db
      .select({ railpassId: railpassReviews.railpassId, n: count(), average: avg(railpassReviews.rating) })
      .from(railpassReviews)
      .groupBy(railpassReviews.railpassId),
  ]);
  const ratingOf = new Map(ratings.map((r) => [r.railpassId, r]));
  const passes: RailpassRecord[] = rows
    .map((row) => {
      const r = ratingOf.get(row.id);
      return {
        ...row,
        type: row.type as RailpassRecord['type'],
        activation: row.activation as RailpassRecord['activation'],
        residence: row.residence ?? null,
        rating: r?.average === null || r?.average === undefined ? null : Number(r.average),
        reviewCount: r?.n ?? 0,
      };
    })
    .sort((a, b) => a.id - b.id);
  return { passes, byId: new Map(passes.map((p) => [p.id, p])) };
}
