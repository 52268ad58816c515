/**
 * The search engine and API on the seeded network, on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: known answers a traveller would check, the HTTP contract (400/404/304), the
 * recheck round trip, and index refresh after a reseed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../scripts/seed/index.ts';
import { search } from '../../src/domain/search/search.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import type { Trip } from '../../src/domain/search/trips.ts';
import type { FilterOption, Tab } from '../../src/domain/results/filters.ts';
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { departureInventory, inventoryVersion, travelOptions, schedules } from '../../src/server/db/schema.ts';
import { createSearchApi, type SearchApi } from '../../src/server/search/api.ts';
import { getSearchIndex, refreshSearchIndex } from '../../src/server/search/cache.ts';
import { DATABASES } from './databases.ts';
import { eq, sql } from 'drizzle-orm';

// 2025-06-02 is a Monday; the seeded timetable starts then, and "now" is that morning in Bangkok.
const TODAY = '2025-06-02';
const NOW = Date.UTC(2025, 5, 2, 2);
const WEDNESDAY = '2025-06-04';

function context(path: string, headers: Record<string, string> = {}) {
  const url = new URL(`http://localhost${path}`);
  const segment = 'en';
  const locale = localeBySegment(segment);
  return {
    request: new Request(url, { headers }),
    url,
    locals: { locale, messages: messagesFor(locale.code), t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH) },
  };
}

async function body<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

interface SearchBody {
  trips: Trip[];
  tripsRecheck: string[];
  recheckToken: string;
  nextTripDates: { date: string }[];
  hasAutoconnection: boolean;
}

describe.each(DATABASES)('search on $name', ({ open }) => {
  let handle: DbHandle;
  let api: SearchApi;
  let index: TimetableIndex;
  const place = (slug: string) => {
    const found = index.placesBySlug.get(slug);
    if (!found) throw new Error(`no place ${slug}`);
    return found.id;
  };

  beforeAll(async () => {
    handle = await open();
    await seedDatabase(handle, { scale: false, today: TODAY });
    api = createSearchApi({ db: handle.db, now: () => NOW });
    index = await getSearchIndex(handle.db, NOW);
  });

  afterAll(async () => {
    await handle.close();
  });

  const run = (from: string, to: string, date = WEDNESDAY, classes: Parameters<typeof search>[1]['classes'] = 'all') =>
    search(index, {
      from: { kind: 'place', id: place(from) },
      to: { kind: 'place', id: place(to) },
      date,
      people: 2,
      classes,
      currency: 'USD',
      now: NOW,
    });

  it('finds train, bus and flight trips from Bangkok to Chiang Mai on a weekday', () => {
    const { trips } = run('bangkok', 'chiang-mai');
    const classes = new Set(trips.map((t) => t.params.vehclasses.join('+')));
    expect(classes).toContain('train');
    expect(classes).toContain('bus');
    expect(classes).toContain('avia');
    for (const t of trips) expect(t.params.dep_time.startsWith(WEDNESDAY)).toBe(true);
  });

  it('offers bus + ferry connections from Bangkok to Koh Tao', () => {
    const { trips, hasAutoconnection } = run('bangkok', 'koh-tao');
    expect(hasAutoconnection).toBe(true);
    const busFerry = trips.filter((t) => t.params.vehclasses.includes('bus') && t.params.vehclasses.includes('ferry'));
    expect(busFerry.length).toBeGreaterThan(0);
    for (const t of busFerry) {
      expect(t.segments.at(-1)?.vehclasses).toEqual(['ferry']);
      expect(t.params.is_auto_pack).toBe(true);
    }
    const exact = run('bangkok', 'koh-tao', WEDNESDAY, ['bus', 'ferry']).trips;
    expect(exact.length).toBeGreaterThan(0);
    expect(exact.every((t) => [...t.params.vehclasses].sort().join() === 'bus,ferry')).toBe(true);
  });

  it('answers trips/search over HTTP with recheck URLs, and a repeat with 304', async () => {
    const path = `/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${WEDNESDAY}&people=2&currency=THB`;
    const response = await api.search(context(path));
    expect(response.status).toBe(200);
    const data = await body<SearchBody>(response);
    expect(data.trips.length).toBeGreaterThan(10);
    expect(data.trips[0]?.min_price.fxcode).toBe('THB');
    expect(data.tripsRecheck.length).toBeGreaterThan(0);
    const etag = response.headers.get('etag') ?? '';
    expect(response.headers.get('cache-control')).toContain('max-age');
    const again = await api.search(context(path, { 'if-none-match': etag }));
    expect(again.status).toBe(304);
  });

  it('answers the fields SPEC §3 promises: class ids, filter options with labels and what they cover, tabs with classes (issue 27)', async () => {
    const path = `/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${WEDNESDAY}&people=2&currency=USD`;
    const data = await body<SearchBody & { filters: Record<string, FilterOption[]>; transportationTabs: Tab[] }>(
      await api.search(context(path)),
    );
    const option = data.trips[0]?.travel_options[0];
    expect(option?.class_id).toMatch(/^[a-z0-9-]+(\+[a-z0-9-]+)*$/);
    const trains = data.trips.filter((t) => t.params.vehclasses.join() === 'train');
    expect(data.transportationTabs.find((t) => t.key === 'train')).toMatchObject({ count: trains.length, vehclasses: ['train'] });
    expect(data.transportationTabs[0]).toMatchObject({ key: 'all', count: data.trips.length });
    expect(data.filters.vehclasses?.find((o) => o.id === 'avia')).toMatchObject({ label: 'Flight', aliases: ['flights'] });
    expect(data.filters.dep_time?.[1]).toMatchObject({ id: '06-12', range: { from: 6, to: 12 } });
    expect(data.filters.dep_time?.[1]?.label).toContain('06:00–12:00');
    const bangkokStations = data.filters.stations_from ?? [];
    expect(bangkokStations.length).toBeGreaterThan(0);
    for (const station of bangkokStations) {
      expect(station.label).toBe(index.stations.get(Number(station.id))?.names.en);
      expect(station.vehclasses?.length).toBeGreaterThan(0);
    }
    expect(data.filters.prices?.[0]?.range?.from).toBe(Math.min(...data.trips.map((t) => t.min_price.value)));
    expect(data.filters.quick?.map((o) => o.feature)).toEqual(data.filters.quick?.map((o) => o.id));
  });

  it("shows trips sold only on the operator's site, not bookable here, and packages the operator sells whole (issue 27)", () => {
    const external: Trip[] = [];
    const packages: Trip[] = [];
    for (const [from, to] of [
      ['bangkok', 'chiang-mai'],
      ['bangkok', 'phuket'],
      ['bangkok', 'koh-samui'],
      ['bangkok', 'krabi'],
      ['bangkok', 'koh-tao'],
      ['chumphon', 'koh-tao'],
      ['surat-thani', 'koh-samui'],
      ['koh-samui', 'koh-phangan'],
      ['koh-phangan', 'koh-tao'],
    ] as const) {
      if (!index.placesBySlug.has(from) || !index.placesBySlug.has(to)) continue;
      const { trips } = run(from, to);
      external.push(...trips.filter((t) => t.params.external_purchase_url !== null));
      packages.push(...trips.filter((t) => t.params.is_manual_pack));
    }
    expect(external.length).toBeGreaterThan(0);
    for (const t of external) {
      expect(t.params.external_purchase_url).toMatch(/^https:\/\/[a-z0-9-]+\.example\/book\//);
      expect(t.params.is_bookable).toBe(false);
      expect(t.travel_options.every((o) => o.bookable === 0)).toBe(true);
      expect(t.segments).toHaveLength(1);
    }
    expect(packages.length).toBeGreaterThan(0);
    for (const t of packages) expect(t.params.vehclasses).toContain('ferry');
  });

  it("names the operator's own promotion on top of the site's train rule normal+pricing_rule", () => {
    // Three weeks ahead: the site's early-booking rule on trains and the seeded train operator's own promotion.
    const later = run('bangkok', 'chiang-mai', '2025-06-25', ['train']).trips.flatMap((t) => t.travel_options);
    expect(later.length).toBeGreaterThan(0);
    // The largest discount wins: the site's 10 %, not a sum.
    for (const o of later) expect(o.discount_data).toEqual({ promo_type: 'normal+pricing_rule', discount_pct: 10 });
    // Flights have only the site's rule.
    const flights = run('bangkok', 'chiang-mai', '2025-07-20', ['avia']).trips.flatMap((t) => t.travel_options);
    expect(flights.length).toBeGreaterThan(0);
    for (const o of flights) expect(o.discount_data).toEqual({ promo_type: 'pricing_rule', discount_pct: 15 });
  });

  it('answers "leave after" and "arrive by" times in the places\' own zones (issue 20)', async () => {
    const path = `/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${WEDNESDAY}`;
    const times = async (query: string) =>
      (await body<SearchBody>(await api.search(context(`${path}${query}`)))).trips.map((t) => [t.params.dep_time, t.params.arr_time]);
    const day = await times('');
    const afterNoon = await times('&time=12:00');
    const byEvening = await times('&arrive_by=18:00');
    const both = await times('&time=12:00&arrive_by=23:59');
    // The whole day has trips on both sides of each limit, so each limit has something to drop.
    expect(day.some(([dep]) => (dep ?? '') < `${WEDNESDAY} 12:00`)).toBe(true);
    expect(day.some(([, arr]) => (arr ?? '') > `${WEDNESDAY} 18:00`)).toBe(true);
    expect(afterNoon.length).toBeGreaterThan(0);
    expect(afterNoon.every(([dep]) => (dep ?? '') >= `${WEDNESDAY} 12:00`)).toBe(true);
    expect(byEvening.length).toBeGreaterThan(0);
    expect(byEvening.every(([, arr]) => (arr ?? '') <= `${WEDNESDAY} 18:00`)).toBe(true);
    expect(both.every(([dep, arr]) => (dep ?? '') >= `${WEDNESDAY} 12:00` && (arr ?? '') <= `${WEDNESDAY} 23:59`)).toBe(true);
    // Every day trip that fits the limits is still there: the limits drop nothing else.
    expect(afterNoon).toEqual(day.filter(([dep]) => (dep ?? '') >= `${WEDNESDAY} 12:00`));
  });

  it('rechecks live seats: a sold-out departure becomes not bookable', async () => {
    const path = `/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${WEDNESDAY}&vehclasses=train`;
    const data = await body<SearchBody>(await api.search(context(path)));
    const trip = data.trips[0];
    const option = trip?.travel_options[0];
    if (!trip || !option) throw new Error('no train');
    const scheduleId = Number(trip.key.split('.')[0]);
    const [row] = await handle.db
      .select()
      .from(travelOptions)
      .where(eq(travelOptions.id, Number(option.id)));
    const [schedule] = await handle.db.select().from(schedules).where(eq(schedules.id, scheduleId));
    if (!row || !schedule) throw new Error('no rows');
    const serviceDate = trip.key.split('.')[3] ?? WEDNESDAY;
    await handle.db
      .insert(departureInventory)
      .values({
        scheduleId,
        travelOptionId: row.id,
        serviceDate,
        departureAt: new Date(NOW),
        seatsTotal: row.seatsPerDeparture,
        seatsSold: row.seatsPerDeparture,
      })
      .onConflictDoUpdate({
        target: [departureInventory.scheduleId, departureInventory.travelOptionId, departureInventory.serviceDate],
        set: { seatsSold: sql`excluded.seats_total` },
      });
    const rechecked: { key: string; travel_options: { id: string; bookable: number; seats_left: number }[] }[] = [];
    for (const url of data.tripsRecheck) {
      const r = await api.recheck(context(`${url}&token=${data.recheckToken}`));
      expect(r.status).toBe(200);
      rechecked.push(...(await body<{ trips: typeof rechecked }>(r)).trips);
    }
    const live = rechecked.find((t) => t.key === trip.key)?.travel_options.find((o) => o.id === option.id);
    expect(live).toMatchObject({ bookable: 0, seats_left: 0 });
  });

  it('returns no trips and no next dates between places without service', async () => {
    const lonely = [...index.places.values()].find((p) => !index.hops.has(p.id) && !index.into.has(p.id));
    const target = lonely ?? [...index.places.values()].find((p) => !index.into.has(p.id));
    if (!target) throw new Error('every place has service');
    const data = await body<SearchBody>(
      await api.search(context(`/api/nuxt/en/trips/search?fromSlug=bangkok&toId=${target.id}&date=${WEDNESDAY}`)),
    );
    expect(data.trips).toEqual([]);
    expect(data.nextTripDates).toEqual([]);
  });

  it('lists the next days with service after the chosen date', async () => {
    const response = await api.nextDates(
      context(`/api/nuxt/en/trips/next-dates?fromSlug=bangkok&toSlug=chiang-mai&date=${WEDNESDAY}&vehclasses=train`),
    );
    const data = await body<{ dates: { date: string; title: string }[] }>(response);
    expect(data.dates.length).toBe(3);
    expect((data.dates[0]?.date ?? '') > WEDNESDAY).toBe(true);
  });

  it.each([
    ['missing ids', `date=${WEDNESDAY}`, 'fromId'],
    ['an invalid date', 'fromSlug=bangkok&toSlug=chiang-mai&date=2025-02-30', 'date'],
    ['people 0', 'fromSlug=bangkok&toSlug=chiang-mai&people=0', 'people'],
    ['people 21', 'fromSlug=bangkok&toSlug=chiang-mai&people=21', 'people'],
    ['an unknown currency', 'fromSlug=bangkok&toSlug=chiang-mai&currency=XYZ', 'currency'],
    ['an unknown class', 'fromSlug=bangkok&toSlug=chiang-mai&vehclasses=rocket', 'vehclasses'],
    ['a departure time past midnight', 'fromSlug=bangkok&toSlug=chiang-mai&time=24:00', 'time'],
    ['an arrival time without minutes', 'fromSlug=bangkok&toSlug=chiang-mai&arrive_by=8pm', 'arrive_by'],
  ])('rejects %s with 400 naming the field', async (_name, query, field) => {
    const response = await api.search(context(`/api/nuxt/en/trips/search?${query}`));
    expect(response.status).toBe(400);
    const data = await body<{ error: { code: string; fields: Record<string, string[]> } }>(response);
    expect(data.error.code).toBe('invalid_search');
    expect(Object.keys(data.error.fields)).toContain(field);
  });

  it('answers an unknown place with 404 and a stable code', async () => {
    const response = await api.search(context('/api/nuxt/en/trips/search?fromSlug=atlantis&toSlug=chiang-mai'));
    expect(response.status).toBe(404);
    expect((await body<{ error: { code: string } }>(response)).error.code).toBe('unknown_place');
  });

  it('finds places by name in other languages, by prefix and with a typo', async () => {
    const names = async (query: string) =>
      (
        await body<{ items: { slug: string }[] }>(
          await api.typeaheadFetch(context(`/api/nuxt/en/typeahead/fetch?query=${encodeURIComponent(query)}`)),
        )
      ).items.map((i) => i.slug);
    expect((await names('Bang')).slice(0, 3)).toContain('bangkok');
    expect(await names('曼谷')).toContain('bangkok');
    expect(await names('Chaing Mai')).toContain('chiang-mai');
    const prefetch = await body<{ header: string; items: { slug: string }[] }>(
      await api.typeaheadPrefetch(context(`/api/nuxt/en/typeahead/prefetch?fromId=${place('bangkok')}`)),
    );
    expect(prefetch.header).toBe('popular_destinations');
    expect(prefetch.items.map((i) => i.slug)).toContain('chiang-mai');
  });

  it('gives facts, trip info and page data for a route', async () => {
    const query = `fromSlug=bangkok&toSlug=chiang-mai&date=${WEDNESDAY}&people=2`;
    const facts = await body<{ facts: { id: string }[] }>(await api.factsOnDates(context(`/api/nuxt/en/trips/facts-on-dates?${query}`)));
    expect(facts.facts.map((f) => f.id)).toEqual(expect.arrayContaining(['cheapest_day', 'fastest_trip']));
    const data = await body<SearchBody>(await api.search(context(`/api/nuxt/en/trips/search?${query}`)));
    const key = data.trips[0]?.key ?? '';
    const info = await body<{ trip: Trip; stops: unknown[][] }>(
      await api.tripInfo(context(`/api/nuxt/en/tripinfo?key=${encodeURIComponent(key)}`)),
    );
    expect(info.trip.key).toBe(key);
    expect(info.stops[0]?.length).toBeGreaterThanOrEqual(2);
    const page = await body<{ from: { slug: string }; experimentJSONLD: { trips: number } }>(
      await api.pageData(context(`/api/nuxt/en/trips/page-data?${query}&seoOverrideExperiment=n&experimentJSONLD=y`)),
    );
    expect(page.from.slug).toBe('bangkok');
    // SPEC §7 names the page data's places from and to.
    const named = await body<{ from: { slug: string }; to: { slug: string }; date: string }>(
      await api.pageData(context(`/api/nuxt/en/trips/page-data?from=bangkok&to=${place('chiang-mai')}&date=${WEDNESDAY}`)),
    );
    expect(named).toMatchObject({ from: { slug: 'bangkok' }, to: { slug: 'chiang-mai' }, date: WEDNESDAY });
    expect((await api.pageData(context(`/api/nuxt/en/trips/page-data?from=bangkok&date=${WEDNESDAY}`))).status).toBe(400);
    expect(page.experimentJSONLD.trips).toBe(data.trips.length);
    expect((await api.tripInfo(context('/api/nuxt/en/tripinfo?key=1.2.3.2025-06-04'))).status).toBe(404);
  });

  it('picks up a reseed without a restart', async () => {
    const before = index.version;
    await handle.db.update(inventoryVersion).set({ version: sql`${inventoryVersion.version} + 1` });
    const fresh = await refreshSearchIndex(handle.db);
    expect(fresh.version).toBe(before + 1);
  });
});
