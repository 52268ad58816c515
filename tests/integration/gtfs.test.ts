/**
 * GTFS in and out, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 *
 * The round trip: the seeded network is exported as a feed and imported into a database that
 * has the places, countries and currencies but no network; the same searches (random place pairs
 * and dates) then give the same trips — operators, stations, times, changes, classes and prices.
 * What a timetable feed does not carry is left out on both sides: seats already sold, and the
 * pricing rules (discount campaigns) and reviews that the seed adds after the network.
 *
 * Then changed feeds: the dry run names what is added, changed and removed; a change applies;
 * a feed that drops a departure someone holds seats on is refused and changes nothing.
 */
import { strFromU8, unzipSync } from 'fflate';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGeography } from '../../scripts/seed/data/index.ts';
import { miniThailand } from '../../scripts/seed/miniThailand.ts';
import { buildNetwork } from '../../scripts/seed/network.ts';
import { writeNetwork } from '../../scripts/seed/write.ts';
import { search } from '../../src/domain/search/search.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import type { Trip } from '../../src/domain/search/trips.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import { departureInventory, schedules } from '../../src/server/db/schema.ts';
import { GUEST } from '../support/actors.ts';
import { applyImport, ImportRefused } from '../../src/server/gtfs/apply.ts';
import { exportFeed } from '../../src/server/gtfs/export.ts';
import { readFeed } from '../../src/server/gtfs/feed.ts';
import { planImport } from '../../src/server/gtfs/plan.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { DATABASES } from './databases.ts';
import { editFeed } from '../support/gtfsFeed.ts';

const TODAY = '2025-06-02';
const NOW = Date.UTC(2025, 5, 2, 2);
const SITE = 'http://roamly.test';

/** A trip as a traveller compares it: nothing that depends on database ids. */
function comparable(index: TimetableIndex, trip: Trip): string {
  const station = (id: number) => index.stations.get(id)?.slug ?? `?${String(id)}`;
  const operator = (id: number) => index.operators.get(id)?.slug ?? `?${String(id)}`;
  const legs = trip.segments.map(
    (s) => `${operator(s.operator)} ${s.route_code} ${station(s.from)} ${s.dep_time} → ${station(s.to)} ${s.arr_time}`,
  );
  const classes = trip.travel_options
    .map((o) => JSON.stringify(o))
    .map((text) => text.replace(/"(id|travel_option_id|booking_uri|bookingUri|key)":("[^"]*"|\d+),?/g, ''))
    .sort();
  return JSON.stringify([legs, trip.params.changes, trip.min_price, trip.max_price, classes]);
}

function answers(index: TimetableIndex, from: string, to: string, date: string): string[] {
  const place = (slug: string) => {
    const found = index.placesBySlug.get(slug);
    if (!found) throw new Error(`no place ${slug}`);
    return found.id;
  };
  const { trips } = search(index, {
    from: { kind: 'place', id: place(from) },
    to: { kind: 'place', id: place(to) },
    date,
    people: 1,
    classes: 'all',
    currency: 'USD',
    now: NOW,
  });
  return trips.map((t) => comparable(index, t)).sort();
}

describe.each(DATABASES)('GTFS export and import on $name', ({ name, open }) => {
  // The whole seeded network on PostgreSQL; a corner of it on PGlite, where the same code runs
  // in a fraction of the time.
  const geography = name === 'postgres' ? allGeography() : miniThailand;
  let source: DbHandle;
  let target: DbHandle;
  let feed: Uint8Array;

  beforeAll(async () => {
    [source, target] = await Promise.all([open(), open()]);
    await writeNetwork(source.db, buildNetwork(geography, { seed: 7, today: TODAY }));
    await source.db.delete(departureInventory);
    // The target knows the world (countries, places, currencies) but has no network.
    const world = buildNetwork(geography, { seed: 7, today: TODAY });
    await writeNetwork(target.db, {
      ...world,
      operators: [],
      stations: [],
      routes: [],
      routeStops: [],
      schedules: [],
      travelOptions: [],
      departureInventory: [],
    });
    feed = await exportFeed(source.db, { siteUrl: SITE, publishedAt: new Date(NOW) });
  }, 240_000);

  afterAll(async () => {
    await Promise.all([source.close(), target.close()]);
  });

  it('exports a feed with the files and columns GTFS requires', () => {
    const files = unzipSync(feed);
    for (const name of [
      'agency.txt',
      'stops.txt',
      'routes.txt',
      'trips.txt',
      'stop_times.txt',
      'calendar.txt',
      'fare_attributes.txt',
      'fare_rules.txt',
      'feed_info.txt',
    ])
      expect(Object.keys(files)).toContain(name);
    const header = (name: string) =>
      strFromU8(files[name] ?? new Uint8Array())
        .split('\n')[0]
        ?.split(',') ?? [];
    expect(header('agency.txt')).toEqual(expect.arrayContaining(['agency_id', 'agency_name', 'agency_url', 'agency_timezone']));
    expect(header('stops.txt')).toEqual(expect.arrayContaining(['stop_id', 'stop_name', 'stop_lat', 'stop_lon']));
    expect(header('stop_times.txt')).toEqual(
      expect.arrayContaining(['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence']),
    );
    const parsed = readFeed(feed);
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows['trips.txt'].length).toBeGreaterThan(100);
  });

  it('imports into an empty network after a dry run, and the same searches give the same trips', async () => {
    const plan = await planImport(target.db, readFeed(feed));
    expect(plan.problems).toEqual([]);
    expect(plan.changed).toEqual([]);
    expect(plan.removed).toEqual([]);
    expect(plan.added.length).toBe((await source.db.select({ n: sql<number>`count(*)::int` }).from(schedules))[0]?.n);
    const result = await applyImport(target.db, plan);
    expect(result.added).toBe(plan.added.length);

    const [before, after] = await Promise.all([loadIndex(source.db, NOW), loadIndex(target.db, NOW)]);
    const slugs = [...before.placesBySlug.keys()].sort();
    let compared = 0;
    let withTrips = 0;
    // A fixed walk over the places (deterministic, different pairs each step).
    for (let i = 0; i < 80; i++) {
      const from = slugs[(i * 7) % slugs.length] ?? '';
      const to = slugs[(i * 13 + 5) % slugs.length] ?? '';
      if (from === to) continue;
      const date = i % 2 ? '2025-06-04' : '2025-06-07';
      const expected = answers(before, from, to, date);
      expect(answers(after, from, to, date), `${from} → ${to} on ${date}`).toEqual(expected);
      compared += 1;
      if (expected.length > 0) withTrips += 1;
    }
    for (const [from, to] of [
      ['bangkok', 'chiang-mai'],
      ['bangkok', 'koh-tao'],
      ['hanoi', 'chiang-rai'],
    ] as const) {
      if (!before.placesBySlug.has(from) || !before.placesBySlug.has(to)) continue;
      const expected = answers(before, from, to, '2025-06-04');
      expect(expected.length).toBeGreaterThan(0);
      expect(answers(after, from, to, '2025-06-04')).toEqual(expected);
      withTrips += 1;
    }
    expect(compared).toBeGreaterThan(40);
    expect(withTrips).toBeGreaterThan(5);

    // Importing the same feed again changes nothing.
    const again = await planImport(target.db, readFeed(feed));
    expect([again.added.length, again.changed.length, again.removed.length]).toEqual([0, 0, 0]);
    expect(again.unchanged.length).toBe(plan.added.length);
  }, 240_000);

  it('applies a changed feed after its dry run, and refuses to remove a booked departure', async () => {
    // Exported from the target itself, so its trip ids name the target's departures.
    const ownFeed = await exportFeed(target.db, { siteUrl: SITE });
    const trips = readFeed(ownFeed).rows['trips.txt'];
    const sundayOnly = trips[0];
    if (!sundayOnly) throw new Error('no trips');
    const changed = editFeed(ownFeed, 'calendar.txt', (csv) =>
      csv
        .split('\n')
        .map((line) => (line.startsWith(`${sundayOnly.service_id},`) ? line.replace(/^([^,]+),(?:[01],){7}/, '$1,0,0,0,0,0,0,1,') : line))
        .join('\n'),
    );
    const plan = await planImport(target.db, readFeed(changed));
    expect([plan.added.length, plan.changed.length, plan.removed.length]).toEqual([0, 1, 0]);
    expect(plan.changed[0]?.to.weekdays).toBe(64);
    await applyImport(target.db, plan);
    const sundays = await target.db.select().from(schedules).where(eq(schedules.weekdays, 64));
    expect(sundays.length).toBeGreaterThan(0);

    // A traveller holds seats on a Bangkok → Chiang Mai departure; a feed without it is refused.
    const index = await loadIndex(target.db, NOW);
    const from = index.placesBySlug.get('bangkok')?.id ?? -1;
    const to = index.placesBySlug.get('chiang-mai')?.id ?? -1;
    const trip = search(index, {
      from: { kind: 'place', id: from },
      to: { kind: 'place', id: to },
      date: '2025-06-04',
      people: 1,
      classes: 'all',
      currency: 'THB',
      now: NOW,
    }).trips.find((t) => t.params.changes === 0 && t.params.is_bookable);
    const option = trip?.travel_options[0];
    if (!trip || !option) throw new Error('no bookable direct trip');
    const selections = parseAddToCartSlug(`${trip.key}/${option.id}`) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hash = await createCart(target.db, { lang: 'en', currency: 'THB', people: 1, selections, quoted });
    const held = await reserveCart(target.db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST, email: 'anna@example.com' });
    if (!held.ok) throw new Error(held.code);
    const bookedSchedule = Number(trip.key.split('.')[0]);

    const latest = await exportFeed(target.db, { siteUrl: SITE });
    const dropped = editFeed(latest, 'trips.txt', (csv) =>
      csv
        .split('\n')
        .filter((line) => !line.split(',').includes(`sch${String(bookedSchedule)}`))
        .join('\n'),
    );
    const blocked = await planImport(target.db, readFeed(dropped));
    expect(blocked.removed.map((d) => d.scheduleId)).toEqual([bookedSchedule]);
    expect(blocked.affectedBookings.map((b) => b.reference)).toEqual([held.booking.reference]);
    const countBefore = await target.db.select({ n: sql<number>`count(*)::int` }).from(schedules);
    await expect(applyImport(target.db, blocked)).rejects.toBeInstanceOf(ImportRefused);
    expect(await target.db.select({ n: sql<number>`count(*)::int` }).from(schedules)).toEqual(countBefore);
    expect(await target.db.select().from(schedules).where(eq(schedules.id, bookedSchedule))).toHaveLength(1);
  }, 240_000);
});
