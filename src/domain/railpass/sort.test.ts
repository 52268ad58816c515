import { describe, expect, it } from 'vitest';
import { mergeBySlug, sortClassOptions, sortPasses, withSortedClassOptions } from './sort.ts';
import type { RailpassResult } from './types.ts';

const money = (minor: number) => ({ value: minor, fxcode: 'JPY', minor });

function pass(slug: string, prices: number[], popularity: number, rating: number | null, reviews = 0): RailpassResult {
  return {
    slug,
    id: popularity,
    mainPassId: null,
    type: 'pass',
    name: slug,
    classOptions: prices.map((p, i) => ({ key: `c${String(i)}`, name: `c${String(i)}`, minPrice: money(p), reviews, rating })),
    validity: [7],
    operators: [],
    regions: [],
    labels: [],
    features: [],
    popularity,
    rating,
    reviews,
  };
}

describe('rail pass ordering (SPEC §4)', () => {
  it('sorts class options by price ascending', () => {
    const sorted = sortClassOptions([
      { key: 'green', minPrice: money(70_000) },
      { key: 'ordinary', minPrice: money(50_000) },
    ]);
    expect(sorted.map((o) => o.key)).toEqual(['ordinary', 'green']);
    expect(withSortedClassOptions([pass('a', [9, 3, 5], 1, null)])[0]?.classOptions.map((o) => o.minPrice.minor)).toEqual([3, 5, 9]);
  });

  const a = pass('a', [30_000], 10, 4.2, 12);
  const b = pass('b', [20_000, 5_000], 5, 4.8, 3);
  const c = pass('c', [10_000], 50, null);
  it('recommended: by popularity', () => {
    expect(sortPasses([a, b, c], 'recommended').map((p) => p.slug)).toEqual(['c', 'a', 'b']);
  });
  it('cheapest: by the cheapest class', () => {
    expect(sortPasses([a, b, c], 'cheapest').map((p) => p.slug)).toEqual(['b', 'c', 'a']);
  });
  it('rating: best first, unrated last', () => {
    expect(sortPasses([c, a, b], 'rating').map((p) => p.slug)).toEqual(['b', 'a', 'c']);
  });
  it('merges rechecked passes by slug: replaced in place, new ones added', () => {
    const rechecked = pass('a', [25_000], 10, 4.2);
    const merged = mergeBySlug([a, b], [rechecked, c]);
    expect(merged.map((p) => p.slug)).toEqual(['a', 'b', 'c']);
    expect(merged[0]?.classOptions[0]?.minPrice.minor).toBe(25_000);
  });
});
