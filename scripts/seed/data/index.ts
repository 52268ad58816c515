/**
 * The real-world geography of every country the site sells, merged into one seed.
 * Cross-border references (a ferry from Phnom Penh to Chau Doc, a train from Padang Besar)
 * resolve only after the merge, so the generator always works on this whole set.
 */
import { cambodia } from './cambodia.ts';
import { indonesia } from './indonesia.ts';
import { laos } from './laos.ts';
import { malaysia } from './malaysia.ts';
import { singapore } from './singapore.ts';
import { thailand } from './thailand.ts';
import type { GeographySeed } from './types.ts';
import { vietnam } from './vietnam.ts';

export const COUNTRY_SEEDS: readonly GeographySeed[] = [thailand, cambodia, laos, vietnam, malaysia, singapore, indonesia];

export function mergeGeography(parts: readonly GeographySeed[]): GeographySeed {
  return {
    countries: parts.flatMap((p) => p.countries),
    provinces: parts.flatMap((p) => p.provinces),
    places: parts.flatMap((p) => p.places),
    stations: parts.flatMap((p) => p.stations),
    railLines: parts.flatMap((p) => p.railLines),
    ferryLinks: parts.flatMap((p) => p.ferryLinks),
  };
}

export function allGeography(): GeographySeed {
  return mergeGeography(COUNTRY_SEEDS);
}
