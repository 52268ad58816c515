/**
 * Rail passes among trip results (SPEC §3 "passes" in the trips data, issue 21): a search between
 * two places a pass covers answers the passes beside the trips; they are listed under the
 * `railpass` transportation tab, which shows their count and the lowest price of any class.
 */
import type { RailpassResult } from '../railpass/types.ts';

/** A pass as the search answers it: the SPEC §3 result and the address of its info page. */
export type TripsPass = RailpassResult & { url: string };

/** The lowest price of a pass's classes (sorted ascending by the server, but not relied on). */
export function passMinPrice(pass: Pick<RailpassResult, 'classOptions'>): number | null {
  const prices = pass.classOptions.map((o) => o.minPrice.value);
  return prices.length ? Math.min(...prices) : null;
}

/** The `railpass` tab's numbers: how many passes, and the cheapest price among them. */
export function passTabNumbers(passes: readonly Pick<RailpassResult, 'classOptions'>[]): { count: number; minPrice: number | null } {
  const prices = passes.map(passMinPrice).filter((p): p is number => p !== null);
  return { count: passes.length, minPrice: prices.length ? Math.min(...prices) : null };
}
