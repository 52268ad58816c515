/**
 * Ordering rail pass results (SPEC §4): each pass's class options cheapest first, then the passes
 * by the chosen sort; and merging a recheck's passes into the results by slug.
 */
import type { RailpassResult, RailpassSort } from './types.ts';

type Option = RailpassResult['classOptions'][number];

export function sortClassOptions<O extends Pick<Option, 'minPrice' | 'key'>>(options: readonly O[]): O[] {
  return [...options].sort((a, b) => a.minPrice.minor - b.minPrice.minor || a.key.localeCompare(b.key, 'en'));
}

/** The cheapest class's price, in the results' one currency. */
export function minPriceMinor(pass: Pick<RailpassResult, 'classOptions'>): number {
  return pass.classOptions.reduce((min, o) => Math.min(min, o.minPrice.minor), Number.POSITIVE_INFINITY);
}

/**
 * recommended: the catalogue's popularity, then rating; cheapest: the lowest class price; rating:
 * the best rated first, unrated last. Ties fall back to the slug so the order is stable.
 */
export function sortPasses<P extends RailpassResult>(passes: readonly P[], sort: RailpassSort): P[] {
  const bySlug = (a: P, b: P) => a.slug.localeCompare(b.slug, 'en');
  const compare: Record<RailpassSort, (a: P, b: P) => number> = {
    recommended: (a, b) => b.popularity - a.popularity || (b.rating ?? 0) - (a.rating ?? 0) || bySlug(a, b),
    cheapest: (a, b) => minPriceMinor(a) - minPriceMinor(b) || bySlug(a, b),
    rating: (a, b) => (b.rating ?? -1) - (a.rating ?? -1) || b.reviews - a.reviews || bySlug(a, b),
  };
  return [...passes].sort(compare[sort]);
}

/** A search's passes with each pass's class options sorted (SPEC §4: "sorts each pass's class options"). */
export function withSortedClassOptions<P extends RailpassResult>(passes: readonly P[]): P[] {
  return passes.map((p) => ({ ...p, classOptions: sortClassOptions(p.classOptions) }));
}

/** Rechecked passes replace those with the same slug and add the new ones (SPEC §4). */
export function mergeBySlug<P extends Pick<RailpassResult, 'slug'>>(current: readonly P[], rechecked: readonly P[]): P[] {
  const merged = new Map(current.map((p) => [p.slug, p]));
  for (const p of rechecked) merged.set(p.slug, p);
  return [...merged.values()];
}
