/**
 * Reviews for the seeded network: 8–12 per operator, about its own routes, with star ratings
 * spread around the operator's published rating. Deterministic: the random stream is seeded by
 * the operator id and travel dates count back from the timetable's first day, so the same
 * network gives the same reviews. Called by scripts/seed after the inventory is written (the
 * inventory TRUNCATE … CASCADE has already removed the old reviews).
 */
import { asc, min } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { operators, reviews, routes, routeStops, schedules, stations, places } from '../db/schema.ts';
import { REVIEW_AUTHORS, REVIEW_TEXTS, VEHICLE_NOUN, type ReviewBand } from './reviewTexts.ts';

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

function band(rating: number): ReviewBand {
  return rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'poor';
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export async function seedReviews(db: Db): Promise<number> {
  await db.delete(reviews);
  const [operatorRows, routeRows, stopRows, stationRows, placeRows, firstDay] = await Promise.all([
    db.select().from(operators).orderBy(asc(operators.id)),
    db.select({ id: routes.id, operatorId: routes.operatorId, vehicleClass: routes.vehicleClass }).from(routes).orderBy(asc(routes.id)),
    db.select({ routeId: routeStops.routeId, stopIndex: routeStops.stopIndex, stationId: routeStops.stationId }).from(routeStops),
    db.select({ id: stations.id, placeId: stations.placeId }).from(stations),
    db.select({ id: places.id, names: places.names }).from(places),
    db.select({ day: min(schedules.validFrom) }).from(schedules),
  ]);
  const start = firstDay[0]?.day ? Date.parse(`${firstDay[0].day}T00:00:00Z`) : Date.UTC(2026, 0, 1);
  const placeOfStation = new Map(stationRows.map((s) => [s.id, s.placeId]));
  const placeName = new Map(placeRows.map((p) => [p.id, p.names.en]));
  const ends = new Map<number, { first: number; last: number; firstIndex: number; lastIndex: number }>();
  for (const stop of stopRows) {
    const e = ends.get(stop.routeId);
    if (!e) ends.set(stop.routeId, { first: stop.stationId, last: stop.stationId, firstIndex: stop.stopIndex, lastIndex: stop.stopIndex });
    else {
      if (stop.stopIndex < e.firstIndex) Object.assign(e, { first: stop.stationId, firstIndex: stop.stopIndex });
      if (stop.stopIndex > e.lastIndex) Object.assign(e, { last: stop.stationId, lastIndex: stop.stopIndex });
    }
  }
  const routesByOperator = new Map<number, typeof routeRows>();
  for (const r of routeRows) (routesByOperator.get(r.operatorId) ?? routesByOperator.set(r.operatorId, []).get(r.operatorId))?.push(r);

  const rows: (typeof reviews.$inferInsert)[] = [];
  for (const op of operatorRows) {
    const own = routesByOperator.get(op.id) ?? [];
    if (own.length === 0 || op.reviewCount === 0) continue;
    const random = mulberry32(op.id * 7919);
    const target = op.rating ?? 4;
    const count = Math.min(op.reviewCount, 8 + (op.id % 5));
    for (let i = 0; i < count; i++) {
      const route = pick(own, random);
      // Spread −1.5…+1.5 stars around the published average, so the sample looks like it.
      const rating = Math.min(5, Math.max(1, Math.round(target + (random() + random() + random() - 1.5))));
      const routeEnds = ends.get(route.id);
      const from = placeName.get(placeOfStation.get(routeEnds?.first ?? 0) ?? 0) ?? '';
      const to = placeName.get(placeOfStation.get(routeEnds?.last ?? 0) ?? 0) ?? '';
      const text = pick(REVIEW_TEXTS[band(rating)], random);
      const author = pick(REVIEW_AUTHORS, random);
      const fill = (s: string) =>
        s.replaceAll('{vehicle}', VEHICLE_NOUN[route.vehicleClass]).replaceAll('{from}', from).replaceAll('{to}', to);
      rows.push({
        operatorId: op.id,
        routeId: route.id,
        vehicleClass: route.vehicleClass,
        rating,
        title: fill(text.title),
        body: fill(text.body),
        authorName: author.name,
        authorCountry: author.country,
        language: 'en',
        travelDate: new Date(start - (3 + Math.floor(random() * 360)) * 86_400_000).toISOString().slice(0, 10),
        createdAt: new Date(start - i * 86_400_000),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(reviews).values(rows.slice(i, i + 500));
  return rows.length;
}
