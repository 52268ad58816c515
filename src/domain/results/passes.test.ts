import { describe, expect, it } from 'vitest';
import { buildTabs, resetIfEmpty } from './filters.ts';
import { firstView } from './firstView.ts';
import { passMinPrice, passTabNumbers, type TripsPass } from './passes.ts';
import { EMPTY_STATE, parseResultsState } from './queryState.ts';
import { makeTrip } from './testTrips.ts';

function pass(id: number, prices: number[]): TripsPass {
  return {
    slug: `pass-${String(id)}`,
    id,
    mainPassId: null,
    type: 'pass',
    name: `Pass ${String(id)}`,
    classOptions: prices.map((value, i) => ({
      key: `c${String(i)}`,
      name: `Class ${String(i)}`,
      minPrice: { value, fxcode: 'USD', minor: value * 100 },
      reviews: 0,
      rating: null,
    })),
    validity: [7],
    operators: [{ key: 'jr-group', id: 1, name: 'Japan Railways Group' }],
    regions: [],
    labels: [],
    features: [],
    popularity: 1,
    rating: null,
    reviews: 0,
    url: `/en/railpass/japan/operator-jr-group/pass-${String(id)}-${String(id)}`,
  };
}

const trains = [
  makeTrip({ key: 'hikari-1', dep: '06:00', arr: '08:16', price: 90, classes: ['train'] }),
  makeTrip({ key: 'hikari-2', dep: '09:00', arr: '11:16', price: 95, classes: ['train'] }),
];
const passes = [pass(101, [420, 560]), pass(102, [690, 310])];

describe('rail passes among trips (issue 21, SPEC §3 transportation tabs)', () => {
  it('a pass costs from its cheapest class; the tab counts passes and takes the cheapest of them', () => {
    expect(passMinPrice(passes[1] ?? pass(0, []))).toBe(310);
    expect(passMinPrice(pass(1, []))).toBeNull();
    expect(passTabNumbers(passes)).toEqual({ count: 2, minPrice: 310 });
  });

  it('adds the railpass tab in its place (after bus and ferry, before train) only when passes cover the route', () => {
    const bus = makeTrip({ key: 'bus', dep: '07:00', arr: '15:00', price: 40, classes: ['bus'] });
    expect(buildTabs([...trains, bus], passes)).toEqual([
      { key: 'all', count: 3, minPrice: 40, vehclasses: ['bus', 'train'] },
      { key: 'bus', count: 1, minPrice: 40, vehclasses: ['bus'] },
      { key: 'railpass', count: 2, minPrice: 310, vehclasses: ['railpass'] },
      { key: 'train', count: 2, minPrice: 90, vehclasses: ['train'] },
    ]);
    expect(buildTabs(trains, []).map((t) => t.key)).toEqual(['all', 'train']);
  });

  it('keeps the railpass tab chosen while passes cover the route, and falls back to all when none do', () => {
    const onPassTab = parseResultsState('vehclasses_tab=railpass');
    expect(onPassTab.tab).toBe('railpass');
    expect(resetIfEmpty(trains, onPassTab, false, passes.length)).toBe(onPassTab);
    expect(resetIfEmpty(trains, onPassTab, false, 0).tab).toBe('all');
  });

  it("the server's first view lists the passes under the tab the URL asks for", () => {
    const names = { stationName: () => 'Tokyo Station', operatorName: () => 'JR Central' };
    const first = firstView({
      trips: trains,
      view: parseResultsState('vehclasses_tab=railpass'),
      facts: [],
      currency: 'USD',
      passes,
      ...names,
    });
    expect(first.view.tab).toBe('railpass');
    expect(first.passes.map((p) => p.slug)).toEqual(['pass-101', 'pass-102']);
    expect(first.tabs.find((t) => t.key === 'railpass')).toEqual({ key: 'railpass', count: 2, minPrice: 310, vehclasses: ['railpass'] });
    const without = firstView({ trips: trains, view: EMPTY_STATE, facts: [], currency: 'USD', ...names });
    expect(without.passes).toEqual([]);
    expect(without.tabs.some((t) => t.key === 'railpass')).toBe(false);
  });
});
