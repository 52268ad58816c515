/**
 * A GTFS feed from elsewhere (tests/fixtures/gtfs-third-party, hand-written: its own ids, no
 * roamly_* columns, calendar_dates exceptions, transfers.txt) imported after its dry run into a
 * network other operators already run, on PGlite and PostgreSQL. Its stop ids `mo-chit` and
 * `chumphon-pier` are slugs of stations the green bus and the island boats call at: the import
 * must not rewrite them — the one at the same spot is shared as it is, the one 12 km away becomes
 * a station of its own — and the other operators' trips are found as before.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { search } from '../../src/domain/search/search.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { stations } from '../../src/server/db/schema.ts';
import { applyImport } from '../../src/server/gtfs/apply.ts';
import { readFeed } from '../../src/server/gtfs/feed.ts';
import { planImport } from '../../src/server/gtfs/plan.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

const FIXTURE = new URL('../fixtures/gtfs-third-party/', import.meta.url);

function fixtureZip(): Uint8Array {
  const files = Object.fromEntries(
    readdirSync(FIXTURE)
      .filter((f) => f.endsWith('.txt'))
      .map((f) => [f, strToU8(readFileSync(new URL(f, FIXTURE), 'utf8'))]),
  );
  return zipSync(files);
}

/** Operator slug and local departure time of each trip Bangkok → Chumphon on `date`. */
function tripsOn(index: TimetableIndex, date: string): string[] {
  const place = (slug: string) => index.placesBySlug.get(slug)?.id ?? -1;
  const { trips } = search(index, {
    from: { kind: 'place', id: place('bangkok') },
    to: { kind: 'place', id: place('chumphon') },
    date,
    people: 1,
    classes: 'all',
    currency: 'THB',
    now: NOW,
  });
  return trips.map((t) => `${index.operators.get(t.segments[0]?.operator ?? -1)?.slug ?? '?'} ${t.params.dep_time}`).sort();
}

describe.each(DATABASES)('a third-party GTFS feed on $name', ({ open }) => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await open();
    await insertCheckoutNetwork(handle.db, { bus: 40, boat: 4 });
    // The fixture network is written with explicit ids: move the id sequences past them.
    for (const table of ['operators', 'stations', 'routes', 'schedules', 'travel_options'])
      await handle.db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`));
  });

  afterAll(async () => {
    await handle.close();
  });

  it('imports after its dry run without rewriting other operators’ stations, with its calendar exceptions', async () => {
    const { db } = handle;
    const stationBefore = async (slug: string) => (await db.select().from(stations).where(eq(stations.slug, slug)))[0];
    const moChit = await stationBefore('mo-chit');
    const pier = await stationBefore('chumphon-pier');
    const before = await loadIndex(db, NOW);
    const greenBusBefore = tripsOn(before, '2025-06-04');

    const feed = readFeed(fixtureZip());
    const plan = await planImport(db, feed);
    expect(plan.operators.map((o) => o.slug)).toEqual(['sunrise-coaches']);
    expect(plan.removed).toEqual([]);
    expect(plan.added.length).toBeGreaterThan(0);
    expect(plan.stations.find((s) => s.slug === 'mo-chit')?.keepExisting).toBe(true);
    expect(plan.stations.map((s) => s.slug)).toContain('chumphon-pier-sunrise-coaches');
    expect(plan.problems.map((p) => p.reason).join('\n')).toContain('imported as chumphon-pier-sunrise-coaches');

    await applyImport(db, plan);

    // The other operators' stations are exactly as they were.
    expect(await stationBefore('mo-chit')).toEqual(moChit);
    expect(await stationBefore('chumphon-pier')).toEqual(pier);
    const own = await stationBefore('chumphon-pier-sunrise-coaches');
    expect(own).toMatchObject({ lat: 10.56, lon: 99.24, names: { en: 'Chumphon Old Pier' } });

    const after = await loadIndex(db, NOW);
    // Wednesday: the new coaches run, and the green bus is found as before.
    const wednesday = tripsOn(after, '2025-06-04');
    for (const trip of greenBusBefore) expect(wednesday).toContain(trip);
    const sunrise = (trips: string[]) => new Set(trips.filter((t) => t.startsWith('sunrise-coaches')));
    // Two departures (each found to both of its Chumphon stops).
    expect(sunrise(wednesday).size).toBe(2);
    // Thursday 5 June is removed by calendar_dates; Saturday 7 June is added.
    expect(sunrise(tripsOn(after, '2025-06-05')).size).toBe(0);
    expect(sunrise(tripsOn(after, '2025-06-07')).size).toBe(2);
    expect(sunrise(tripsOn(after, '2025-06-08')).size).toBe(0);
  });

  it('plans nothing new when the same feed comes again', async () => {
    const plan = await planImport(handle.db, readFeed(fixtureZip()));
    expect(plan.added).toEqual([]);
    expect(plan.changed).toEqual([]);
    expect(plan.removed).toEqual([]);
    expect(plan.unchanged.length).toBeGreaterThan(0);
  });
});
