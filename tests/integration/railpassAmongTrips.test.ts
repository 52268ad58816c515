/**
 * Rail passes among trips (issue 21) on PGlite and (with TEST_DATABASE_URL) PostgreSQL: on the
 * seed's Japan, Korea and Thailand-free network, a trip search between two places a pass covers
 * answers the trains and the passes (`passes` in the trips data), regional passes stay out of a
 * route they do not cover, the class filter leaves passes out unless it names railpass
 * (SPEC §5), hybridSearch answers the same passes, and the results page's first view lists them
 * under the railpass tab with their count and lowest price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { japan } from '../../scripts/seed/data/japan.ts';
import { southKorea } from '../../scripts/seed/data/southKorea.ts';
import { mergeGeography, withLocalNames } from '../../scripts/seed/data/index.ts';
import { buildNetwork } from '../../scripts/seed/network.ts';
import { writeNetwork } from '../../scripts/seed/write.ts';
import { parseResultsState } from '../../src/domain/results/queryState.ts';
import type { TripsPass } from '../../src/domain/results/passes.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import type { Trip } from '../../src/domain/search/trips.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { createRailpassApi } from '../../src/server/railpass/api.ts';
import { seedRailpasses } from '../../src/server/railpass/seed/seedRailpasses.ts';
import { firstResults } from '../../src/server/results/firstResults.ts';
import { createSearchApi } from '../../src/server/search/api.ts';
import { getSearchIndex, refreshSearchIndex } from '../../src/server/search/cache.ts';
import { DATABASES } from './databases.ts';
import { travellerApiContext as ctx } from './travellerRequests.ts';

const TODAY = '2025-06-02';
const NOW = Date.UTC(2025, 5, 2, 0);
const DATE = '2025-06-04';

interface TripsData {
  trips: Trip[];
  passes: TripsPass[];
}

describe.each(DATABASES)('rail passes among trips on $name', ({ open }) => {
  let handle: DbHandle;
  let index: TimetableIndex;
  const searchApi = () => createSearchApi({ db: handle.db, now: () => NOW });
  const placeId = (slug: string) => {
    const place = index.placesBySlug.get(slug);
    if (!place) throw new Error(`no place ${slug}`);
    return place.id;
  };
  const tripsData = async (from: string, to: string, query = '') => {
    const response = await searchApi().search(
      ctx(`/api/nuxt/en/trips/search?fromId=${String(placeId(from))}&toId=${String(placeId(to))}&date=${DATE}&currency=USD${query}`),
    );
    expect(response.status).toBe(200);
    return (await response.json()) as TripsData;
  };

  beforeAll(async () => {
    handle = await open();
    const rows = buildNetwork(withLocalNames(mergeGeography([japan, southKorea])), { today: TODAY, seed: 1 });
    expect(rows.warnings).toEqual([]);
    await writeNetwork(handle.db, rows);
    await seedRailpasses(handle.db, TODAY);
    await refreshSearchIndex(handle.db);
    index = await getSearchIndex(handle.db, NOW);
    // Migrations, the network and the catalogue: slow on a busy machine.
  }, 300_000);

  afterAll(async () => {
    await handle.close();
  });

  it('answers Tokyo → Kyoto with the Shinkansen trains and the Japan Rail Pass, not the Kansai-only passes', async () => {
    const data = await tripsData('tokyo', 'kyoto');
    expect(data.trips.length).toBeGreaterThan(0);
    expect(data.trips.every((t) => t.params.vehclasses.includes('train'))).toBe(true);
    const slugs = data.passes.map((p) => p.slug);
    expect(slugs[0]).toBe('japan-rail-pass-7-days');
    expect(slugs).toEqual(expect.arrayContaining(['japan-rail-pass-14-days', 'japan-rail-pass-21-days']));
    expect(slugs.some((s) => s.startsWith('kansai') || s.startsWith('hokkaido') || s.startsWith('jr-east'))).toBe(false);
    // Priced in the asked currency, cheapest class first, with the pass page to go to.
    const jr = data.passes[0];
    expect(jr?.classOptions.map((o) => o.minPrice.fxcode)).toEqual(['USD', 'USD']);
    expect(jr?.classOptions[0]?.key).toBe('ordinary');
    expect(jr?.url).toBe('/en/railpass/japan/operator-jr-group/japan-rail-pass-7-days-101');
  });

  it('answers Seoul → Busan with the Korea Rail Passes, and Tokyo → Seoul (no one pass covers it) with none', async () => {
    const korea = await tripsData('seoul', 'busan');
    expect(korea.passes.length).toBeGreaterThan(0);
    expect(korea.passes.every((p) => p.operators.some((o) => o.key === 'korail'))).toBe(true);
    expect((await tripsData('tokyo', 'seoul')).passes).toEqual([]);
  });

  it('follows the class rule of SPEC §5: passes only for all or a list naming railpass', async () => {
    expect((await tripsData('tokyo', 'kyoto', '&vehclasses=train')).passes).toEqual([]);
    expect((await tripsData('tokyo', 'kyoto', '&vehclasses=train-railpass')).passes.length).toBeGreaterThan(0);
  });

  it('hybridSearch answers the same passes for the two places', async () => {
    const response = await createRailpassApi({ db: handle.db, now: () => NOW }).hybridSearch(
      ctx(
        `/api/nuxt/en/railpasses/hybridSearch?fromPlaceId=${String(placeId('tokyo'))}&toPlaceId=${String(placeId('kyoto'))}&currency=USD`,
      ),
    );
    const hybrid = (await response.json()) as { passes: TripsPass[] };
    expect(hybrid.passes.map((p) => p.slug)).toEqual((await tripsData('tokyo', 'kyoto')).passes.map((p) => p.slug));
  });

  it('the results page rendered on request lists the passes under the railpass tab with count and lowest price', () => {
    const first = firstResults({
      index,
      request: {
        fromId: String(placeId('tokyo')),
        toId: String(placeId('kyoto')),
        date: DATE,
        date2: undefined,
        people: 1,
        vehclasses: 'all',
      },
      query: new URLSearchParams('vehclasses_tab=railpass'),
      code: 'en',
      segment: 'en',
      currency: 'USD',
      now: NOW,
    });
    expect(first?.view).toEqual(parseResultsState('vehclasses_tab=railpass'));
    const tab = first?.tabs.find((t) => t.key === 'railpass');
    const cheapest = Math.min(...(first?.passes ?? []).map((p) => p.classOptions[0]?.minPrice.value ?? Infinity));
    expect(tab).toEqual({ key: 'railpass', count: first?.passes.length, minPrice: cheapest, vehclasses: ['railpass'] });
    expect(first?.tabs.map((t) => t.key)).toEqual(['all', 'railpass', 'train']);
  });
});
