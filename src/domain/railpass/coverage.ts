/**
 * Which passes cover a trip between two places (issue 21, "passes among trips"): a pass covers a
 * place when the place's country is one the pass is valid in and, for a place that lies in a
 * known pass region, when that region is one of the pass's. Regional passes (Kansai Area,
 * Hokkaido, JR East) thus stay out of a Tokyo → Kyoto search while the Japan Rail Pass shows;
 * a place in no listed region is covered by every pass of its country (the Korea Rail Pass
 * covers Daejeon, which none of its regions names).
 */
import type { RailpassRecord } from './types.ts';

/**
 * The pass regions (keys of `RailpassRecord.regions`) a place lies in, by place slug. Only
 * places a regional pass could wrongly claim need an entry; Nagoya is on Honshu but in
 * neither Kanto nor Kansai.
 */
export const PLACE_PASS_REGIONS: Readonly<Record<string, readonly string[]>> = {
  tokyo: ['kanto'],
  nagoya: ['honshu'],
  kyoto: ['kansai'],
  osaka: ['kansai'],
  seoul: ['seoul-capital-area'],
  busan: ['gyeongsang'],
  taipei: ['western-taiwan'],
  taichung: ['western-taiwan'],
  kaohsiung: ['western-taiwan'],
};

/** A place as the coverage rule needs it. */
export interface CoveredPlace {
  slug: string;
  countryCode: string;
}

export function passCoversPlace(pass: Pick<RailpassRecord, 'countryCodes' | 'regions'>, place: CoveredPlace): boolean {
  if (!pass.countryCodes.includes(place.countryCode)) return false;
  const regions = PLACE_PASS_REGIONS[place.slug];
  return regions === undefined || pass.regions.some((r) => regions.includes(r.key));
}

/** Passes valid at both ends of a trip, most popular first. */
export function passesCovering<P extends Pick<RailpassRecord, 'countryCodes' | 'regions' | 'popularity' | 'id'>>(
  passes: readonly P[],
  from: CoveredPlace,
  to: CoveredPlace,
): P[] {
  return passes
    .filter((p) => passCoversPlace(p, from) && passCoversPlace(p, to))
    .sort((a, b) => b.popularity - a.popularity || a.id - b.id);
}
