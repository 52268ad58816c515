import { describe, expect, it } from 'vitest';
import { buildFilterGroups, buildTabs } from './filters.ts';
import { firstView, PAGE_SIZE, settledView } from './firstView.ts';
import { sortAndFilterProducts } from './listWork.ts';
import { EMPTY_STATE, parseResultsState } from './queryState.ts';
import { makeTrip } from './testTrips.ts';

const trips = Array.from({ length: 30 }, (_, i) =>
  makeTrip({
    key: `t${String(i)}`,
    dep: `${String(6 + (i % 12)).padStart(2, '0')}:00`,
    arr: `${String(8 + (i % 12)).padStart(2, '0')}:30`,
    price: 10 + ((i * 7) % 23),
    classes: i % 5 === 0 ? ['train'] : ['bus'],
    operators: [1 + (i % 3)],
    from: 10 + (i % 2),
    duration: 150 + i,
  }),
);
const names = {
  stationName: (id: number) => (id === 99 ? undefined : `Station ${String(id)}`),
  operatorName: (id: number) => `Operator ${String(id)}`,
};

describe('the first view of a results page (what the island shows before its own search answers)', () => {
  it('is the first page of the list the island would work out, with its tabs and filters', () => {
    const view = parseResultsState('sort=cheapest');
    const first = firstView({ trips, view, facts: [], currency: 'EUR', ...names });
    const products = sortAndFilterProducts({ trips, view });
    expect(first.trips.map((t) => t.key)).toEqual(products.slice(0, PAGE_SIZE).map((t) => t.key));
    expect(first.count).toBe(30);
    expect(first.total).toBe(30);
    expect(first.tabs).toEqual(buildTabs(trips));
    expect(first.filterGroups).toEqual(buildFilterGroups(trips, view));
    expect(first.currency).toBe('EUR');
    expect(first.view.sort).toBe('cheapest');
  });

  it('names only the stations and operators its trips mention', () => {
    const first = firstView({ trips, view: EMPTY_STATE, facts: [], currency: 'USD', ...names });
    expect(first.names.stations).toEqual({ 10: 'Station 10', 11: 'Station 11', 20: 'Station 20' });
    expect(first.names.operators).toEqual({ 1: 'Operator 1', 2: 'Operator 2', 3: 'Operator 3' });
  });

  it('settles the view of the URL as the island does: filters that leave nothing are reset', () => {
    const view = parseResultsState('operator_id=42');
    expect(settledView(trips, view, false)).not.toHaveProperty('selected.operator_id');
    const first = firstView({ trips, view, facts: [], currency: 'USD', ...names });
    expect(first.count).toBe(30);
    expect(first.view.selected).toEqual({});
  });

  it('counts the trips of the chosen tab, and the whole search apart', () => {
    const first = firstView({ trips, view: parseResultsState('vehclasses_tab=train'), facts: [], currency: 'USD', ...names });
    expect(first.count).toBe(6);
    expect(first.total).toBe(30);
    expect(first.trips.every((t) => t.params.vehclasses.includes('train'))).toBe(true);
  });
});
