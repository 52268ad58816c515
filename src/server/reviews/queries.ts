/** Reads of the reviews table for pages and the reviews calls (SPEC §7). */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { reviews } from '../db/schema.ts';

export type ReviewRow = typeof reviews.$inferSelect;

export interface ReviewPage {
  total: number;
  reviews: ReviewRow[];
}

export async function reviewPage(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<ReviewPage> {
  const [rows, totals] = await Promise.all([
    db.select().from(reviews).where(where).orderBy(desc(reviews.travelDate), desc(reviews.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { total: totals[0]?.n ?? 0, reviews: rows };
}

export const byOperator = (operatorId: number): SQL => eq(reviews.operatorId, operatorId);
export const byRoute = (routeId: number): SQL => eq(reviews.routeId, routeId);
export const byClass = (vehicleClass: ReviewRow['vehicleClass']): SQL => eq(reviews.vehicleClass, vehicleClass);
export const allOf = (...conditions: (SQL | undefined)[]): SQL | undefined => and(...conditions);

/** The newest `perOperator` reviews of every operator, in one query (for the build). */
export async function latestReviewsByOperator(db: Db, perOperator: number): Promise<Map<number, ReviewRow[]>> {
  const rows = await db.select().from(reviews).orderBy(desc(reviews.travelDate), desc(reviews.id));
  const map = new Map<number, ReviewRow[]>();
  for (const row of rows) {
    const list = map.get(row.operatorId) ?? [];
    if (list.length < perOperator) list.push(row);
    map.set(row.operatorId, list);
  }
  return map;
}
