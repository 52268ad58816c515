import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  cleanParams,
  EMPTY_STATE,
  parseHourRange,
  parsePriceRange,
  parseResultsState,
  writeResultsState,
} from './queryState.ts';

describe('time range URL rule (SPEC §5)', () => {
  it('reads two hours joined by a hyphen, padded to two digits when written back', () => {
    expect(parseHourRange('6-18')).toEqual({ from: 6, to: 18 });
    expect(parseResultsState('dep_time=6-18').selected.dep_time).toEqual(['06-18']);
  });
  it('drops equal hours and garbage', () => {
    expect(parseHourRange('07-07')).toBeUndefined();
    expect(parseHourRange('7')).toBeUndefined();
    expect(parseHourRange('a-b')).toBeUndefined();
    expect(parseResultsState('arr_time=07-07').selected.arr_time).toBeUndefined();
  });
  it('swaps a reversed range and clamps to 24', () => {
    expect(parseHourRange('18-06')).toEqual({ from: 6, to: 18 });
    expect(parseHourRange('20-30')).toEqual({ from: 20, to: 24 });
    expect(parseResultsState('dep_time=30-20').selected.dep_time).toEqual(['20-24']);
  });
});

describe('price range URL rule (SPEC §5)', () => {
  it('reads two different numbers', () => {
    expect(parsePriceRange('10-40')).toEqual({ min: 10, max: 40 });
    expect(parsePriceRange('10-10')).toBeUndefined();
    expect(parsePriceRange('10')).toBeUndefined();
    expect(parsePriceRange('x-40')).toBeUndefined();
  });
  it('swaps a reversed pair', () => {
    expect(parsePriceRange('40-10')).toEqual({ min: 10, max: 40 });
  });
  it('clamps to the bounds, dropping a range that collapses', () => {
    expect(parsePriceRange('5-500', { min: 12, max: 80 })).toEqual({ min: 12, max: 80 });
    expect(parsePriceRange('100-500', { min: 12, max: 80 })).toBeUndefined();
  });
});

describe('query state', () => {
  it('drops empty and null values', () => {
    expect(cleanParams(new URLSearchParams('a=&b=null&c=1')).toString()).toBe('c=1');
    expect(parseResultsState('operator_id=null&sort=').selected).toEqual({});
  });
  it('keeps unknown ids so the list can show them as selected', () => {
    expect(parseResultsState('operator_id=999,3').selected.operator_id).toEqual(['999', '3']);
  });
  it('falls back to recommended and all for unknown sort and tab', () => {
    const s = parseResultsState('sort=weird&vehclasses_tab=boat');
    expect(s.sort).toBe('recommended');
    expect(s.tab).toBe('all');
  });
  it('round-trips through the URL and keeps the search parameters', () => {
    const state = parseResultsState('dep_time=06-12,18-24&quick=full_refundable&price_range=20-60&sort=cheapest&vehclasses_tab=train');
    const written = writeResultsState('date=2026-12-01&people=2', state);
    expect(written.get('date')).toBe('2026-12-01');
    expect(parseResultsState(written)).toEqual(state);
  });
  it('removes vehclasses_tab for all and leaves defaults out', () => {
    const written = writeResultsState('vehclasses_tab=bus&sort=fastest&date=2026-12-01', { sort: 'recommended', tab: 'all', selected: {} });
    expect(written.toString()).toBe('date=2026-12-01');
  });
});

describe('the count on the filters button', () => {
  it('counts every chosen option and the moved price slider, not the sort or the tab', () => {
    expect(activeFilterCount(EMPTY_STATE)).toBe(0);
    expect(activeFilterCount(parseResultsState('sort=fastest&vehclasses_tab=bus'))).toBe(0);
    expect(activeFilterCount(parseResultsState('vehclasses=bus,train&dep_time=06-12&price_range=100-500'))).toBe(4);
  });
});
