import { describe, expect, it } from 'vitest';
import {
  buildFilterGroups,
  buildTabs,
  filterTrips,
  priceStep,
  resetIfEmpty,
  selectTab,
  setHourRange,
  sliderPrice,
  sortTrips,
  toggleOption,
} from './filters.ts';
import { EMPTY_STATE, parseResultsState, type ResultsState } from './queryState.ts';
import { makeTrip } from './testTrips.ts';
import { describeFilterGroups } from './filterFacts.ts';

const trips = [
  makeTrip({
    key: 'early-bus',
    dep: '05:30',
    arr: '11:00',
    price: 10,
    classes: ['bus'],
    operators: [1],
    from: 10,
    rating: 3.6,
    duration: 330,
    rank: 2,
  }),
  makeTrip({
    key: 'day-train',
    dep: '08:00',
    arr: '19:00',
    price: 40,
    classes: ['train'],
    operators: [2],
    from: 11,
    rating: 4.7,
    duration: 660,
    refundable: true,
    instant: true,
    rank: 0,
  }),
  makeTrip({
    key: 'night-bus',
    dep: '20:00',
    arr: '06:00',
    price: 20,
    classes: ['bus'],
    operators: [3],
    from: 10,
    rating: 4.1,
    duration: 600,
    instant: true,
    rank: 1,
  }),
  makeTrip({
    key: 'flight',
    dep: '13:00',
    arr: '14:10',
    price: 80,
    classes: ['avia'],
    operators: [4],
    from: 12,
    rating: null,
    duration: 70,
    refundable: true,
    rank: 3,
  }),
  makeTrip({
    key: 'taxi',
    dep: '03:00',
    arr: '12:00',
    price: 300,
    classes: ['charter'],
    operators: [5],
    from: 10,
    rating: 4.9,
    duration: 540,
    rank: 4,
  }),
];
const keys = (list: { key: string }[]) => list.map((t) => t.key);
const state = (query: string): ResultsState => parseResultsState(query);

describe('time filters (SPEC §9)', () => {
  it('keeps trips leaving in a bucket; charter always passes', () => {
    expect(keys(filterTrips(trips, state('dep_time=06-12')))).toEqual(['day-train', 'taxi']);
    expect(keys(filterTrips(trips, state('dep_time=00-06,18-24')))).toEqual(['early-bus', 'night-bus', 'taxi']);
  });
  it('filters by arrival time', () => {
    expect(keys(filterTrips(trips, state('arr_time=00-12')))).toEqual(['early-bus', 'night-bus', 'taxi']);
  });
  it('the slider range replaces the buckets and a full day clears the filter', () => {
    const s = setHourRange(state('dep_time=00-06'), 'dep_time', { from: 12, to: 21 });
    expect(s.selected.dep_time).toEqual(['12-21']);
    expect(keys(filterTrips(trips, s))).toEqual(['night-bus', 'flight', 'taxi']);
    expect(setHourRange(s, 'dep_time', { from: 0, to: 24 }).selected.dep_time).toBeUndefined();
  });
});

describe('other filter groups', () => {
  it('vehicle classes, stations and operators', () => {
    expect(keys(filterTrips(trips, state('vehclasses=train,avia')))).toEqual(['day-train', 'flight']);
    expect(keys(filterTrips(trips, state('stations_from=10')))).toEqual(['early-bus', 'night-bus', 'taxi']);
    expect(keys(filterTrips(trips, state('operator_id=2,4')))).toEqual(['day-train', 'flight']);
  });
  it('quick filters: free cancellation and instant confirmation', () => {
    expect(keys(filterTrips(trips, state('quick=full_refundable')))).toEqual(['day-train', 'flight']);
    expect(keys(filterTrips(trips, state('quick=instant_confirmation')))).toEqual(['day-train', 'night-bus']);
  });
  it('rating thresholds 4.5+, 4.0+, 3.5+', () => {
    expect(keys(filterTrips(trips, state('trip_rating=excellent')))).toEqual(['day-train', 'taxi']);
    expect(keys(filterTrips(trips, state('trip_rating=very_good')))).toEqual(['day-train', 'night-bus', 'taxi']);
    expect(keys(filterTrips(trips, state('trip_rating=good')))).toEqual(['early-bus', 'day-train', 'night-bus', 'taxi']);
  });
  it('price tiers split the price span in four', () => {
    // span 10–300: tier edges 82.5, 155, 227.5
    expect(keys(filterTrips(trips, state('prices=1')))).toEqual(['early-bus', 'day-train', 'night-bus', 'flight']);
    expect(keys(filterTrips(trips, state('prices=4')))).toEqual(['taxi']);
  });
  it('price range keeps trips inside it', () => {
    expect(keys(filterTrips(trips, state('price_range=15-80')))).toEqual(['day-train', 'night-bus', 'flight']);
  });
  it('groups combine with AND, options within a group with OR', () => {
    expect(keys(filterTrips(trips, state('vehclasses=bus,train&dep_time=18-24')))).toEqual(['night-bus']);
  });
});

describe('price slider (SPEC §9: 50 steps)', () => {
  it('interpolates between the lowest and highest price', () => {
    const b = { min: 10, max: 108 };
    expect(sliderPrice(0, b)).toBe(10);
    expect(sliderPrice(49, b)).toBe(108);
    expect(sliderPrice(24.5, b)).toBe(sliderPrice(25, b));
    expect(priceStep(59, b)).toBe(25 - 1 + 1);
  });
});

describe('filter groups and counts', () => {
  it('counts each option against the other groups only', () => {
    const groups = buildFilterGroups(trips, state('vehclasses=bus'));
    const bus = groups.vehclasses.find((o) => o.id === 'bus');
    const train = groups.vehclasses.find((o) => o.id === 'train');
    expect(bus).toMatchObject({ selected: true, quantity: 2 });
    expect(train).toMatchObject({ selected: false, quantity: 1, available: true });
    const night = groups.dep_time.find((o) => o.id === '18-24');
    expect(night).toMatchObject({ quantity: 1 });
    expect(groups.dep_time.find((o) => o.id === '06-12')).toMatchObject({ quantity: 0, available: false });
  });
  it('sorts stations and operators by quantity', () => {
    const groups = buildFilterGroups(trips, EMPTY_STATE);
    expect(groups.stations_from.map((o) => o.id)).toEqual(['10', '11', '12']);
  });
  it('shows ids from the URL that match nothing as selected unknown options', () => {
    const groups = buildFilterGroups(trips, state('operator_id=999'));
    expect(groups.operator_id.find((o) => o.id === '999')).toMatchObject({ selected: true, unknown: true, available: false });
  });
  it('options say what they cover: hours, price tiers, class aliases, the classes of a station or operator, the feature', () => {
    const groups = describeFilterGroups(buildFilterGroups(trips, state('dep_time=12-21')), trips, state('dep_time=12-21'));
    expect(groups.dep_time.map((o) => o.range)).toEqual([
      { from: 0, to: 6 },
      { from: 6, to: 12 },
      { from: 12, to: 18 },
      { from: 18, to: 24 },
      { from: 12, to: 21 },
    ]);
    // Prices run 10–300 here: four equal tiers.
    expect(groups.prices.find((o) => o.id === '1')?.range).toEqual({ from: 10, to: 82.5 });
    expect(groups.prices.find((o) => o.id === '4')?.range).toEqual({ from: 227.5, to: 300 });
    expect(groups.vehclasses.find((o) => o.id === 'avia')?.aliases).toEqual(['flights']);
    expect(groups.vehclasses.find((o) => o.id === 'charter')?.aliases).toEqual(['taxi']);
    expect(groups.vehclasses.find((o) => o.id === 'bus')?.aliases).toEqual([]);
    // Station 10 has the buses and the taxi; operator 2 runs the train.
    expect(groups.stations_from.find((o) => o.id === '10')?.vehclasses).toEqual(['bus', 'charter']);
    expect(groups.operator_id.find((o) => o.id === '2')?.vehclasses).toEqual(['train']);
    expect(groups.quick.map((o) => [o.id, o.feature])).toEqual([
      ['full_refundable', 'full_refundable'],
      ['instant_confirmation', 'instant_confirmation'],
    ]);
  });
  it('time buckets are always listed; a slider range is kept as an option', () => {
    const groups = buildFilterGroups(trips, state('dep_time=12-21'));
    expect(groups.dep_time.map((o) => o.id)).toEqual(['00-06', '06-12', '12-18', '18-24', '12-21']);
  });
});

describe('tabs (SPEC §3, §4)', () => {
  it('lists all plus each class present with count and minimum price', () => {
    expect(buildTabs(trips)).toEqual([
      { key: 'all', count: 5, minPrice: 10, vehclasses: ['bus', 'train', 'avia', 'charter'] },
      { key: 'bus', count: 2, minPrice: 10, vehclasses: ['bus'] },
      { key: 'train', count: 1, minPrice: 40, vehclasses: ['train'] },
      { key: 'avia', count: 1, minPrice: 80, vehclasses: ['avia'] },
      { key: 'charter', count: 1, minPrice: 300, vehclasses: ['charter'] },
    ]);
  });
  it('a tab names every class of the trips it holds: a bus-and-ferry connection is in both tabs', () => {
    const connection = makeTrip({ key: 'bus-ferry', dep: '07:00', arr: '15:00', price: 30, classes: ['bus', 'ferry'] });
    const tabs = buildTabs([...trips, connection]);
    expect(tabs.find((t) => t.key === 'bus')?.vehclasses).toEqual(['bus', 'ferry']);
    expect(tabs.find((t) => t.key === 'ferry')?.vehclasses).toEqual(['bus', 'ferry']);
  });
  it('a sold-out trip does not set a tab minimum: the minimum is a price that can be booked now', () => {
    const soldOut = makeTrip({ key: 'gone', dep: '07:00', arr: '09:00', price: 1, classes: ['train'], bookable: false });
    const tabs = buildTabs([...trips, soldOut]);
    expect(tabs.find((t) => t.key === 'all')).toMatchObject({ count: 6, minPrice: 10 });
    expect(tabs.find((t) => t.key === 'train')).toMatchObject({ count: 2, minPrice: 40 });
    expect(buildTabs([soldOut])).toEqual([
      { key: 'all', count: 1, minPrice: null, vehclasses: ['train'] },
      { key: 'train', count: 1, minPrice: null, vehclasses: ['train'] },
    ]);
  });
  it('the train tab shows only trains', () => {
    expect(keys(filterTrips(trips, { ...EMPTY_STATE, tab: 'train' }))).toEqual(['day-train']);
  });
  it('selecting a tab resets the sort and drops choices the tab does not offer', () => {
    const before = state('sort=cheapest&operator_id=1,2&quick=instant_confirmation');
    const after = selectTab(trips, before, 'train');
    expect(after.sort).toBe('recommended');
    expect(after.tab).toBe('train');
    expect(after.selected.operator_id).toEqual(['2']);
    expect(after.selected.quick).toEqual(['instant_confirmation']);
  });
});

describe('sorting (SPEC §4)', () => {
  it('recommended, cheapest, fastest and rating', () => {
    expect(keys(sortTrips(trips, 'recommended'))).toEqual(['day-train', 'night-bus', 'early-bus', 'flight', 'taxi']);
    expect(keys(sortTrips(trips, 'cheapest'))).toEqual(['early-bus', 'night-bus', 'day-train', 'flight', 'taxi']);
    expect(keys(sortTrips(trips, 'fastest'))).toEqual(['flight', 'early-bus', 'taxi', 'night-bus', 'day-train']);
    expect(keys(sortTrips(trips, 'rating'))).toEqual(['taxi', 'day-train', 'night-bus', 'early-bus', 'flight']);
  });
  it('puts trips that cannot be booked last', () => {
    const sold = [...trips, makeTrip({ key: 'sold', dep: '09:00', arr: '10:00', price: 1, bookable: false })];
    expect(keys(sortTrips(sold, 'cheapest')).at(-1)).toBe('sold');
  });
});

describe('reset when nothing is left (SPEC §4)', () => {
  it('resets every filter for travellers', () => {
    const s = state('operator_id=1&vehclasses=train');
    expect(filterTrips(trips, s)).toEqual([]);
    expect(resetIfEmpty(trips, s, false).selected).toEqual({});
  });
  it('staff keep the operator filter', () => {
    const s = state('operator_id=1&vehclasses=train');
    expect(resetIfEmpty(trips, s, true).selected).toEqual({ operator_id: ['1'] });
  });
  it('leaves a state that shows something alone', () => {
    const s = toggleOption(EMPTY_STATE, 'vehclasses', 'bus');
    expect(resetIfEmpty(trips, s, false)).toBe(s);
  });
});
