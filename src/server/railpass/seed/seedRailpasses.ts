/**
 * Writes the rail pass catalogue (catalogue.ts) and 3–6 reviews per pass, replacing what was
 * there, in one transaction. Deterministic: each pass's reviews come from a random stream seeded
 * by its id and travel dates count back from `today`. Called by scripts/seed after the network;
 * bumps `inventory_version` so a running server's search index, which holds the catalogue, reloads.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inventoryVersion, railpassReviews, railpasses } from '../../db/schema.ts';
import { RAILPASS_CATALOGUE } from './catalogue.ts';
import { PASS_REVIEW_AUTHORS, PASS_REVIEWS, type PassTheme } from './reviewTexts.ts';

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const THEME: Record<string, PassTheme> = {
  japan: 'japan',
  'south-korea': 'korea',
  taiwan: 'taiwan',
  europe: 'europe',
  switzerland: 'switzerland',
  'united-kingdom': 'britain',
};

export async function seedRailpasses(db: Db, today: string): Promise<{ passes: number; reviews: number }> {
  const start = Date.parse(`${today}T00:00:00Z`);
  const reviewRows: (typeof railpassReviews.$inferInsert)[] = [];
  for (const pass of RAILPASS_CATALOGUE) {
    const random = mulberry32(pass.id * 7919);
    const pool = PASS_REVIEWS[THEME[pass.countrySlug] ?? 'europe'];
    const count = 3 + (pass.id % 4);
    for (let i = 0; i < count; i++) {
      const text = pool[Math.floor(random() * pool.length)] ?? pool[0];
      const author = PASS_REVIEW_AUTHORS[Math.floor(random() * PASS_REVIEW_AUTHORS.length)] ?? PASS_REVIEW_AUTHORS[0];
      const option = pass.classOptions[Math.floor(random() * pass.classOptions.length)] ?? pass.classOptions[0];
      if (!text || !author || !option) continue;
      const fill = (s: string) => s.replaceAll('{pass}', pass.names.en);
      reviewRows.push({
        railpassId: pass.id,
        classKey: option.key,
        rating: text.rating,
        title: fill(text.title),
        body: fill(text.body),
        authorName: author.name,
        authorCountry: author.country,
        language: 'en',
        travelDate: new Date(start - (10 + Math.floor(random() * 300)) * 86_400_000).toISOString().slice(0, 10),
        createdAt: new Date(start - (i + 1) * 86_400_000),
      });
    }
  }
  await db.transaction(async (tx) => {
    await tx.delete(railpassReviews);
    await tx.execute(sql`update ${railpasses} set main_pass_id = null`);
    await tx.delete(railpasses);
    // Main passes first: a variant points at its main pass.
    const ordered = [...RAILPASS_CATALOGUE].sort((a, b) => Number(a.mainPassId !== null) - Number(b.mainPassId !== null));
    await tx.insert(railpasses).values(ordered.map((p) => ({ ...p })));
    await tx.insert(railpassReviews).values(reviewRows);
    await tx.execute(sql.raw(`select setval(pg_get_serial_sequence('railpasses', 'id'), (select max(id) from railpasses))`));
    // The search index carries the catalogue: a version bump makes running servers reload it.
    await tx.execute(sql`update ${inventoryVersion} set version = version + 1, changed_at = now()`);
  });
  return { passes: RAILPASS_CATALOGUE.length, reviews: reviewRows.length };
}
