/**
 * Turns the hand-written geography into rows with ids and into linked nodes the route
 * builders walk. Entries that point at something missing are skipped with a warning instead
 * of failing the seed: the data files are edited by hand and one typo should not stop a demo.
 */
import type { FerryLinkSeed, GeographySeed, PlaceSeed, StationSeed } from './data/types.ts';
import { assignLandmasses } from './geo.ts';
import type { CountryRow, PlaceRow, ProvinceRow, StationKind, StationRow } from './rows.ts';

export interface PlaceNode {
  row: PlaceRow;
  seed: PlaceSeed;
  /** Places with the same key are joined by road (see geo.ts). */
  landmass: string;
  stations: StationNode[];
}

export interface StationNode {
  row: StationRow;
  seed: StationSeed;
  place: PlaceNode;
}

export interface RailLineNode {
  slug: string;
  name: string;
  stops: { station: StationNode; minutesFromStart: number }[];
}

export interface FerryLinkNode {
  from: StationNode;
  to: StationNode;
  minutes: number;
  kind: FerryLinkSeed['kind'];
}

export interface ResolvedGeography {
  countries: CountryRow[];
  provinces: ProvinceRow[];
  places: PlaceNode[];
  stations: StationNode[];
  railLines: RailLineNode[];
  ferryLinks: FerryLinkNode[];
  currencyByCountry: Map<string, string>;
}

export function stationsOfKind(place: PlaceNode, ...kinds: StationKind[]): StationNode[] {
  return place.stations.filter((s) => kinds.includes(s.row.kind));
}

export function resolveGeography(geo: GeographySeed, warnings: string[]): ResolvedGeography {
  const countries: CountryRow[] = [];
  const currencyByCountry = new Map<string, string>();
  for (const c of geo.countries) {
    if (currencyByCountry.has(c.code)) {
      warnings.push(`country ${c.code} is listed twice; kept the first`);
      continue;
    }
    currencyByCountry.set(c.code, c.currency);
    countries.push({ code: c.code, slug: c.slug, names: c.name, currency: c.currency });
  }

  const provinces: ProvinceRow[] = [];
  const provinceBySlug = new Map<string, ProvinceRow>();
  for (const p of geo.provinces) {
    if (!currencyByCountry.has(p.country)) {
      warnings.push(`province ${p.slug}: unknown country ${p.country}; skipped`);
      continue;
    }
    if (provinceBySlug.has(p.slug)) {
      warnings.push(`province ${p.slug} is listed twice; kept the first`);
      continue;
    }
    const row: ProvinceRow = { id: provinces.length + 1, slug: p.slug, countryCode: p.country, names: p.name };
    provinces.push(row);
    provinceBySlug.set(p.slug, row);
  }

  const placeSeeds: { seed: PlaceSeed; province: ProvinceRow }[] = [];
  const seenPlaces = new Set<string>();
  for (const p of geo.places) {
    const province = provinceBySlug.get(p.province);
    if (!province) {
      warnings.push(`place ${p.slug}: unknown province ${p.province}; skipped`);
      continue;
    }
    if (seenPlaces.has(p.slug)) {
      warnings.push(`place ${p.slug} is listed twice; kept the first`);
      continue;
    }
    seenPlaces.add(p.slug);
    placeSeeds.push({ seed: p, province });
  }

  const stationSeedsByPlace = new Map<string, StationSeed[]>();
  const seenStations = new Set<string>();
  for (const s of geo.stations) {
    if (!seenPlaces.has(s.place)) {
      warnings.push(`station ${s.slug}: unknown place ${s.place}; skipped`);
      continue;
    }
    if (seenStations.has(s.slug)) {
      warnings.push(`station ${s.slug} is listed twice; kept the first`);
      continue;
    }
    seenStations.add(s.slug);
    const list = stationSeedsByPlace.get(s.place) ?? [];
    list.push(s);
    stationSeedsByPlace.set(s.place, list);
  }

  const ferryLinks = resolveFerryLinkSeeds(geo.ferryLinks, seenStations, warnings);
  const landmasses = assignLandmasses(
    placeSeeds.map(({ seed, province }) => ({
      slug: seed.slug,
      kind: seed.kind,
      lat: seed.lat,
      lon: seed.lon,
      countryCode: province.countryCode,
      province: seed.province,
      stations: stationSeedsByPlace.get(seed.slug) ?? [],
    })),
    ferryPortsToIslands(geo, ferryLinks),
  );

  const places: PlaceNode[] = [];
  const stations: StationNode[] = [];
  for (const { seed, province } of placeSeeds) {
    const place: PlaceNode = {
      seed,
      landmass: landmasses.get(seed.slug) ?? `place:${seed.slug}`,
      stations: [],
      row: {
        id: places.length + 1,
        slug: seed.slug,
        kind: seed.kind,
        names: seed.name,
        aliases: seed.aliases ?? [],
        lat: seed.lat,
        lon: seed.lon,
        timeZone: seed.timeZone,
        provinceId: province.id,
        countryCode: province.countryCode,
        popularity: Math.max(1, Math.min(100, Math.round(seed.popularity))),
      },
    };
    places.push(place);
    for (const s of stationSeedsByPlace.get(seed.slug) ?? []) {
      const station: StationNode = {
        seed: s,
        place,
        row: {
          id: stations.length + 1,
          slug: s.slug,
          kind: s.kind,
          names: s.name,
          aliases: [],
          lat: s.lat,
          lon: s.lon,
          placeId: place.row.id,
          code: s.code ?? null,
        },
      };
      stations.push(station);
      place.stations.push(station);
    }
  }

  const stationBySlug = new Map(stations.map((s) => [s.row.slug, s]));
  return {
    countries,
    provinces,
    places,
    stations,
    currencyByCountry,
    railLines: resolveRailLines(geo, stationBySlug, warnings),
    ferryLinks: ferryLinks.flatMap((link) => {
      const from = stationBySlug.get(link.from);
      const to = stationBySlug.get(link.to);
      return from && to ? [{ from, to, minutes: link.minutes, kind: link.kind }] : [];
    }),
  };
}

function resolveFerryLinkSeeds(links: readonly FerryLinkSeed[], stationSlugs: ReadonlySet<string>, warnings: string[]): FerryLinkSeed[] {
  return links.filter((link) => {
    const missing = [link.from, link.to].filter((slug) => !stationSlugs.has(slug));
    if (missing.length > 0) {
      warnings.push(`ferry link ${link.from} → ${link.to}: unknown station ${missing.join(', ')}; skipped`);
      return false;
    }
    if (link.from === link.to || !(link.minutes > 0)) {
      warnings.push(`ferry link ${link.from} → ${link.to}: needs two different piers and positive minutes; skipped`);
      return false;
    }
    return true;
  });
}

/** Places whose piers have a boat to an island place: the harbours facing the islands. */
function ferryPortsToIslands(geo: GeographySeed, links: readonly FerryLinkSeed[]): Set<string> {
  const placeOfStation = new Map(geo.stations.map((s) => [s.slug, s.place]));
  const islandPlaces = new Set(geo.places.filter((p) => p.kind === 'island').map((p) => p.slug));
  const ports = new Set<string>();
  for (const link of links) {
    const a = placeOfStation.get(link.from);
    const b = placeOfStation.get(link.to);
    if (a === undefined || b === undefined) continue;
    if (islandPlaces.has(b)) ports.add(a);
    if (islandPlaces.has(a)) ports.add(b);
  }
  return ports;
}

function resolveRailLines(geo: GeographySeed, stationBySlug: ReadonlyMap<string, StationNode>, warnings: string[]): RailLineNode[] {
  const lines: RailLineNode[] = [];
  for (const line of geo.railLines) {
    const stops: RailLineNode['stops'] = [];
    for (const stop of line.stops) {
      const station = stationBySlug.get(stop.station);
      if (!station) {
        warnings.push(`rail line ${line.slug}: unknown station ${stop.station}; stop skipped`);
        continue;
      }
      const previous = stops.at(-1);
      if (previous && stop.minutesFromStart <= previous.minutesFromStart) {
        warnings.push(`rail line ${line.slug}: ${stop.station} is not later than the stop before it; stop skipped`);
        continue;
      }
      stops.push({ station, minutesFromStart: stop.minutesFromStart });
    }
    const first = stops[0];
    if (stops.length < 2 || !first) {
      warnings.push(`rail line ${line.slug}: fewer than two usable stops; line skipped`);
      continue;
    }
    // Offsets are measured from the first usable stop.
    const start = first.minutesFromStart;
    lines.push({ slug: line.slug, name: line.name, stops: stops.map((s) => ({ ...s, minutesFromStart: s.minutesFromStart - start })) });
  }
  return lines;
}
