/**
 * Seeded reviews and the network content calls (station, operator, timetable, reviews, routes)
 * on the seeded network, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../scripts/seed/index.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { operators, reviews } from '../../src/server/db/schema.ts';
import { createNetworkApi, type NetworkApi } from '../../src/server/network/api.ts';
import { seedReviews } from '../../src/server/reviews/seedReviews.ts';
import { DATABASES } from './databases.ts';
import { asc } from 'drizzle-orm';

function ctx(lang: string, query = '', params: Record<string, string> = {}) {
  return { url: new URL(`http://localhost/api/nuxt/${lang}/x${query}`), params: { lang, ...params } };
}

async function body<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

describe.each(DATABASES)('network content on $name', ({ open }) => {
  let handle: DbHandle;
  let api: NetworkApi;

  beforeAll(async () => {
    handle = await open();
    await seedDatabase(handle, { today: '2025-06-02' });
    api = createNetworkApi({ db: handle.db });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('seeds 8–12 reviews per reviewed operator, around its published rating', async () => {
    const [ops, rows] = await Promise.all([handle.db.select().from(operators), handle.db.select().from(reviews)]);
    const byOperator = new Map<number, number[]>();
    for (const r of rows) byOperator.set(r.operatorId, [...(byOperator.get(r.operatorId) ?? []), r.rating]);
    expect(byOperator.size).toBeGreaterThan(ops.length / 2);
    for (const op of ops) {
      const ratings = byOperator.get(op.id);
      if (!ratings) continue;
      expect(ratings.length).toBeGreaterThanOrEqual(Math.min(8, op.reviewCount));
      expect(ratings.length).toBeLessThanOrEqual(12);
      for (const r of ratings) expect(r).toBeGreaterThanOrEqual(1);
      const average = ratings.reduce((a, b) => a + b, 0) / ratings.length;
      expect(Math.abs(average - (op.rating ?? 4))).toBeLessThan(1.2);
    }
  });

  it('seeds the same reviews again from the same network', async () => {
    const strip = (rows: (typeof reviews.$inferSelect)[]) => rows.map((row) => ({ ...row, id: 0 }));
    const before = strip(await handle.db.select().from(reviews).orderBy(asc(reviews.id)));
    await seedReviews(handle.db);
    const after = strip(await handle.db.select().from(reviews).orderBy(asc(reviews.id)));
    expect(after).toEqual(before);
  });

  it('answers a station with departures, routes and operators, in the requested language', async () => {
    const res = await api.station(ctx('th', '?slug=bangkok-mo-chit-bus-terminal'));
    expect(res.status).toBe(200);
    const data = await body<{
      station: { name: string; url: string };
      departures: { time: string }[];
      routes: { to: { slug: string } }[];
      operators: unknown[];
    }>(res);
    expect(data.station.url).toMatch(/^\/th\/station\/\d+-bangkok-mo-chit-bus-terminal$/);
    expect(data.departures.length).toBeGreaterThan(0);
    expect(data.routes.map((r) => r.to.slug)).toContain('chiang-mai');
    expect(data.operators.length).toBeGreaterThan(0);
  });

  it('answers the new station view with departures grouped by destination', async () => {
    const data = await body<{ destinations: { to: { slug: string } | null; times: string[] }[] }>(
      await api.stationNew(ctx('en', '?slug=bangkok-mo-chit-bus-terminal')),
    );
    expect(data.destinations.length).toBeGreaterThan(1);
    const slugs = data.destinations.map((d) => d.to?.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const d of data.destinations) expect(d.times).toEqual([...d.times].sort());
  });

  it('rejects a station query without id or slug, and an unknown station', async () => {
    expect((await api.station(ctx('en'))).status).toBe(400);
    const missing = await api.station(ctx('en', '?slug=nowhere-at-all'));
    expect(missing.status).toBe(404);
    expect((await body<{ error: { code: string } }>(missing)).error.code).toBe('unknown_place');
  });

  it('gives an operator timetable that only touches the requested place', async () => {
    const list = await body<{ operators: { slug: string; vehclasses: string[] }[] }>(await api.operators(ctx('en')));
    const bus = list.operators.find((o) => o.vehclasses.includes('bus'));
    expect(bus).toBeDefined();
    const all = await body<{ timetable: { from: { placeId: number }; services: { times: string[] }[] }[] }>(
      await api.operatorTimetable(ctx('en', `?slug=${bus?.slug ?? ''}`)),
    );
    expect(all.timetable.length).toBeGreaterThan(0);
    expect(all.timetable[0]?.services[0]?.times[0]).toMatch(/^\d\d:\d\d$/);
    expect((await api.operatorTimetable(ctx('en', `?slug=${bus?.slug ?? ''}&place=nowhere`))).status).toBe(404);
    expect((await api.operatorTimetable(ctx('en', '?slug=no-such-operator'))).status).toBe(404);
  });

  it('pages an operator’s reviews newest first', async () => {
    const list = await body<{ operators: { slug: string; reviewCount: number }[] }>(await api.operators(ctx('en')));
    const reviewed = list.operators.find((o) => o.reviewCount > 20);
    const first = await body<{ total: number; reviews: { travelDate: string; id: number }[] }>(
      await api.operatorReviews(ctx('en', '?limit=3', { operator: reviewed?.slug ?? '' })),
    );
    const second = await body<{ reviews: { id: number }[] }>(
      await api.operatorReviews(ctx('en', '?limit=3&offset=3', { operator: reviewed?.slug ?? '' })),
    );
    expect(first.total).toBeGreaterThanOrEqual(8);
    expect(first.reviews).toHaveLength(3);
    const dates = first.reviews.map((r) => r.travelDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(second.reviews.map((r) => r.id)).not.toContain(first.reviews[0]?.id);
    expect((await api.operatorReviews(ctx('en', '?limit=0', { operator: reviewed?.slug ?? '' }))).status).toBe(400);
  });

  it('finds reviews of a trip’s route and of a travel between two places', async () => {
    const latest = await body<{ reviews: { routeId: number }[] }>(await api.reviews(ctx('en', '?limit=1')));
    const routeId = latest.reviews[0]?.routeId;
    const trip = await body<{ total: number; reviews: { routeId: number }[] }>(
      await api.tripReviews(ctx('en', '', { trip: String(routeId) })),
    );
    expect(trip.total).toBeGreaterThan(0);
    for (const r of trip.reviews) expect(r.routeId).toBe(routeId);
    expect((await api.tripReviews(ctx('en', '', { trip: 'not-a-trip' }))).status).toBe(404);
    expect((await api.travelReviews(ctx('en', '?from=bangkok'))).status).toBe(400);
  });

  it('lists the places reachable from Bangkok and tells what a slug names', async () => {
    const routes = await body<{ routes: { to: { slug: string }; perWeek: number }[] }>(await api.travelRoutes(ctx('en', '?from=bangkok')));
    expect(routes.routes.map((r) => r.to.slug)).toContain('chiang-mai');
    const weekly = routes.routes.map((r) => r.perWeek);
    expect(weekly).toEqual([...weekly].sort((a, b) => b - a));
    expect((await body<{ type: string }>(await api.travelPolymorph(ctx('en', '?slug=chiang-mai')))).type).toBe('place');
    expect((await body<{ type: string }>(await api.travelPolymorph(ctx('en', '?slug=bangkok-mo-chit-bus-terminal')))).type).toBe('station');
  });
});
