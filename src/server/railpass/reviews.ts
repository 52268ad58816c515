/**
 * A pass's reviews, newest first: the same read for the reviews API (paged, with the total) and
 * the pass page (the latest few, src/pages/[lang]/railpass/[countrySlug]/[operator]/[pass].astro).
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { railpassReviews } from '../db/schema.ts';

export type RailpassReview = typeof railpassReviews.$inferSelect;

export function reviewsOf(db: Db, railpassId: number, limit: number, offset = 0): Promise<RailpassReview[]> {
  return db
    .select()
    .from(railpassReviews)
    .where(eq(railpassReviews.railpassId, railpassId))
    .orderBy(desc(railpassReviews.createdAt), desc(railpassReviews.id))
    .limit(limit)
    .offset(offset);
}

export async function reviewCount(db: Db, railpassId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(railpassReviews).where(eq(railpassReviews.railpassId, railpassId));
  return row?.n ?? 0;
}

/** The pass page's latest reviews (its view model opens the database, the page does not). */
export async function latestReviews(railpassId: number, limit: number): Promise<RailpassReview[]> {
  return reviewsOf((await getDbHandle()).db, railpassId, limit);
}
