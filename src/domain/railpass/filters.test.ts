import { describe, expect, it } from 'vitest';
import {
  applyFilters,
  filterByPath,
  filterOptions,
  keptFilterBy,
  NO_FILTERS,
  pageFilters,
  parseFilterBy,
  parseFilterQuery,
  passMatches,
  resultsPath,
  withFilterBy,
  type RailpassFilters,
} from './filters.ts';
import type { RailpassResult } from './types.ts';

function pass(slug: string, operators: string[], regions: string[], validity: number[]): RailpassResult {
  return {
    slug,
    id: slug.length,
    mainPassId: null,
    type: 'pass',
    name: slug,
    classOptions: [],
    validity,
    operators: operators.map((key, i) => ({ key, id: i + 1, name: key.toUpperCase() })),
    regions: regions.map((key) => ({ key, name: key })),
    labels: [],
    features: [],
    popularity: 0,
    rating: null,
    reviews: 0,
  };
}

const jrPass = pass('japan-rail-pass-7', ['jr-group'], ['honshu', 'kyushu', 'shikoku'], [7]);
const kansai = pass('kansai-area-pass', ['jr-west'], ['kansai'], [1, 2, 3, 4]);
const hokkaido = pass('hokkaido-rail-pass', ['jr-hokkaido'], ['hokkaido'], [5, 7]);
const all = [jrPass, kansai, hokkaido];
const f = (over: Partial<RailpassFilters>): RailpassFilters => ({ ...NO_FILTERS, ...over });

describe('the rail pass filter rule (SPEC §5)', () => {
  it('passes everything when nothing is selected', () => {
    expect(applyFilters(all, NO_FILTERS)).toEqual(all);
  });
  it('needs one match in a group that has a selection', () => {
    expect(applyFilters(all, f({ operators: ['jr-west', 'jr-hokkaido'] })).map((p) => p.slug)).toEqual([
      'kansai-area-pass',
      'hokkaido-rail-pass',
    ]);
  });
  it('needs a match in each non-empty group', () => {
    expect(applyFilters(all, f({ operators: ['jr-hokkaido', 'jr-group'], validity: [7] })).map((p) => p.slug)).toEqual([
      'japan-rail-pass-7',
      'hokkaido-rail-pass',
    ]);
    expect(passMatches(hokkaido, f({ operators: ['jr-hokkaido'], regions: ['kansai'] }))).toBe(false);
    expect(passMatches(kansai, f({ regions: ['kansai'], validity: [7] }))).toBe(false);
  });
  it('matches nothing for a value no pass has', () => {
    expect(applyFilters(all, f({ regions: ['atlantis'] }))).toEqual([]);
  });
});

describe('the filters in the query', () => {
  it('reads comma-separated lists, dropping blanks, duplicates and malformed values', () => {
    const q = new URLSearchParams('operators=jr-west,,JR-West,%3Cscript%3E&regions=kansai&validity=14,7,x,0,7');
    expect(parseFilterQuery(q)).toEqual({ operators: ['jr-west'], regions: ['kansai'], validity: [7, 14] });
  });
  it('reads nothing from an empty query', () => {
    expect(parseFilterQuery(new URLSearchParams(''))).toEqual(NO_FILTERS);
  });
});

describe('the filterBy alias (SPEC §2)', () => {
  it('names an operator, a region or a validity', () => {
    expect(parseFilterBy('operator-jr-west')).toEqual({ group: 'operators', key: 'jr-west' });
    expect(parseFilterBy('region-kansai')).toEqual({ group: 'regions', key: 'kansai' });
    expect(parseFilterBy('7-days')).toEqual({ group: 'validity', days: 7 });
    expect(parseFilterBy('1-day')).toEqual({ group: 'validity', days: 1 });
  });
  it('is nothing in any other form', () => {
    for (const v of ['jr-west', 'operator-', 'region-', 'days', '7days', '0-days', 'operator-a_b', 'seven-days', '7-days-x']) {
      expect(parseFilterBy(v)).toBeUndefined();
    }
  });
  it('is dropped when not among the selected filters', () => {
    expect(keptFilterBy('operator-jr-west', f({ operators: ['jr-west'] }))).toEqual({ group: 'operators', key: 'jr-west' });
    expect(keptFilterBy('operator-jr-west', f({ operators: ['jr-east'] }))).toBeUndefined();
    expect(keptFilterBy('region-kansai', NO_FILTERS)).toBeUndefined();
    expect(keptFilterBy('7-days', f({ validity: [14] }))).toBeUndefined();
    expect(keptFilterBy('7-days', f({ validity: [7, 14] }))).toEqual({ group: 'validity', days: 7 });
    expect(keptFilterBy('not-an-alias', f({ operators: ['not-an-alias'] }))).toBeUndefined();
  });
  it('selects its value on landing and writes back the same path', () => {
    const alias = parseFilterBy('region-kansai');
    expect(withFilterBy(NO_FILTERS, alias)).toEqual(f({ regions: ['kansai'] }));
    expect(withFilterBy(f({ validity: [14] }), parseFilterBy('7-days'))).toEqual(f({ validity: [7, 14] }));
    expect(alias && filterByPath(alias)).toBe('region-kansai');
    expect(filterByPath({ group: 'validity', days: 1 })).toBe('1-day');
    expect(filterByPath({ group: 'validity', days: 21 })).toBe('21-days');
  });
});

describe('filter options', () => {
  it('counts every pass, sorts by quantity and marks the selected', () => {
    const options = filterOptions([...all, pass('jr-east-pass', ['jr-east'], ['kanto'], [5])], f({ validity: [7] }));
    expect(options.validity.map((o) => [o.key, o.quantity, o.selected])).toEqual([
      ['1', 1, false],
      ['2', 1, false],
      ['3', 1, false],
      ['4', 1, false],
      ['5', 2, false],
      ['7', 2, true],
    ]);
    expect(options.operators[0]?.quantity).toBe(1);
  });
});

describe('the results page URL', () => {
  it('reads repeated or comma-separated values, and selects the alias on a landing only', () => {
    expect(pageFilters(new URLSearchParams('operators=jr-west&operators=jr-east,jr-group&f=1'), undefined)).toEqual(
      f({ operators: ['jr-west', 'jr-east', 'jr-group'] }),
    );
    expect(pageFilters(new URLSearchParams(''), 'region-kansai')).toEqual(f({ regions: ['kansai'] }));
    // The traveller unticked everything on /region-kansai and applied: nothing is selected.
    expect(pageFilters(new URLSearchParams('f=1'), 'region-kansai')).toEqual(NO_FILTERS);
  });
  it('keeps the alias only while selected, lists comma-separated, the default sort left out', () => {
    expect(resultsPath('en', 'japan', f({ regions: ['kansai'] }), 'region-kansai', 'recommended')).toBe('/en/railpass/japan/region-kansai');
    expect(resultsPath('en', 'japan', f({ regions: ['kansai'], validity: [1, 2] }), 'region-kansai', 'cheapest')).toBe(
      '/en/railpass/japan/region-kansai?regions=kansai&validity=1,2&sort=cheapest',
    );
    expect(resultsPath('ar', 'japan', f({ operators: ['jr-east'] }), 'region-kansai', 'recommended')).toBe(
      '/ar/railpass/japan?operators=jr-east',
    );
    expect(resultsPath('en', 'japan', NO_FILTERS, undefined, 'rating')).toBe('/en/railpass/japan?sort=rating');
  });
});
