/**
 * The real-world geography of every country the site sells, merged into one seed.
 * Cross-border references (a ferry from Phnom Penh to Chau Doc, a train from Padang Besar)
 * resolve only after the merge, so the generator always works on this whole set.
 */
import { cambodia } from './cambodia.ts';
import { indonesia } from './indonesia.ts';
import { japan } from './japan.ts';
import { laos } from './laos.ts';
import { malaysia } from './malaysia.ts';
import { LATIN_NAMES, LOCAL_NAMES, nonLatinNames, PLACE_ALIASES } from './placeNames.ts';
import { singapore } from './singapore.ts';
import { southKorea } from './southKorea.ts';
import { taiwan } from './taiwan.ts';
import { thailand } from './thailand.ts';
import { localizedStationNames } from './stationNames.ts';
import type { GeographySeed, PlaceSeed } from './types.ts';
import { vietnam } from './vietnam.ts';

/**
 * Japan, South Korea and Taiwan come last and carry only their high-speed lines: routes a rail
 * pass covers (issue 21). Last, so the ids and random streams of the network before them stay.
 */
export const COUNTRY_SEEDS: readonly GeographySeed[] = [thailand, cambodia, laos, vietnam, malaysia, singapore, indonesia, japan, southKorea, taiwan];

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

/**
 * Adds the names of `placeNames.ts` (every site locale's own script, Khmer and Lao, Latin
 * exonyms, aliases) to the places, and the generated station names of `stationNames.ts`.
 * A name a country file gives wins. "Koh X" islands also answer to "Ko X", the official
 * romanisation.
 */
export function withLocalNames(geo: GeographySeed): GeographySeed {
  const table = nonLatinNames();
  const places: PlaceSeed[] = geo.places.map((p) => {
    const name = { ...table.get(p.slug), ...LATIN_NAMES[p.slug], ...LOCAL_NAMES[p.slug], ...p.name };
    const aliases = [...(p.aliases ?? []), ...(PLACE_ALIASES[p.slug] ?? [])];
    const ko = /^Koh (.+)$/u.exec(p.name.en);
    if (ko) aliases.push(`Ko ${ko[1]}`);
    return { ...p, name, aliases: [...new Set(aliases)] };
  });
  const placeNames = new Map(places.map((p) => [p.slug, p.name]));
  const stations = geo.stations.map((s) => {
    const place = placeNames.get(s.place);
    return place ? { ...s, name: localizedStationNames(s.name, place) } : s;
  });
  return { ...geo, places, stations };
}

export function allGeography(): GeographySeed {
  return withLocalNames(mergeGeography(COUNTRY_SEEDS));
}
