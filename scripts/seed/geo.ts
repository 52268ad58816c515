/**
 * Distances and landmasses. The data has coordinates but no coastlines, so "can a bus go
 * there" is answered by grouping places into landmasses: a few bounding boxes for the big
 * islands of Malaysia and Indonesia, and the data's own island places for the small ones.
 */

export interface LatLon {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_KM = 6371;

export function haversineKm(a: LatLon, b: LatLon): number {
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLon = (b.lon - a.lon) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Roads wind: a road trip is about this much longer than the straight line. */
export const ROAD_DETOUR_FACTOR = 1.22;

export function roadKm(a: LatLon, b: LatLon): number {
  return haversineKm(a, b) * ROAD_DETOUR_FACTOR;
}

/**
 * How much longer going A → via → B is than A → B directly; 1.0 means `via` lies exactly on
 * the way. Used to find towns a long-distance bus can plausibly stop in.
 */
export function detourRatio(a: LatLon, via: LatLon, b: LatLon): number {
  const direct = haversineKm(a, b);
  if (direct === 0) return Infinity;
  return (haversineKm(a, via) + haversineKm(via, b)) / direct;
}

/**
 * The large landmass a point on a "mainland" (non-island) place belongs to. Mainland Southeast
 * Asia, Peninsular Malaysia and Singapore are one road network (bridges and causeways); Borneo,
 * Sumatra, Java with Bali (buses cross the Bali Strait on the ferry), Lombok and Sulawesi are
 * separate. Anything else in Indonesia falls back to its province, which keeps road trips
 * inside one island group.
 */
export function regionOf(countryCode: string, province: string, point: LatLon): string {
  const { lat, lon } = point;
  if (countryCode === 'MY') return lon >= 108 ? 'borneo' : 'mainland';
  // Honshu, the Korean peninsula and Taiwan are no road away from the rest.
  if (countryCode === 'JP' || countryCode === 'KR' || countryCode === 'TW') return countryCode.toLowerCase();
  if (countryCode !== 'ID') return 'mainland';
  if (lat > -1 && lat < 2 && lon > 103.5 && lon < 105) return 'riau-islands';
  if (lat > -4.5 && lat < 7.5 && lon >= 108.5 && lon < (lat < 1 ? 118 : 119.5)) return 'borneo';
  if (lon > 95 && lon < 106.3 && lat > -5.9) return 'sumatra';
  if (lat <= -5.9 && lon >= 105 && lon < 115.75) return 'java-bali';
  if (lat < -8 && lat > -9.1 && lon >= 115.75 && lon < 116.8) return 'lombok';
  if (lat > -6 && lat < 2 && lon >= 118.7 && lon < 125.5) return 'sulawesi';
  return `province:${province}`;
}

export interface LandmassPlace extends LatLon {
  slug: string;
  kind: 'city' | 'area' | 'island';
  countryCode: string;
  province: string;
  /** Stations of the place, for island size and bridge detection. */
  stations: readonly (LatLon & { kind: string })[];
}

/** Islands smaller than this still claim the beach areas around their centre. */
const MIN_ISLAND_RADIUS_KM = 6;

/**
 * Assigns every place a landmass key; two places share a key when a road joins them.
 *
 * - An island place with a bus terminal is bridged to the mainland around it (Phuket).
 * - Any other island place is its own landmass (Koh Samui, Langkawi, Nusa Penida).
 * - A beach area next to an unbridged island belongs to that island (Chaweng on Koh Samui),
 *   unless the area runs boats to an island: then it is the harbour on the other side
 *   (Ban Phe for Koh Samet, Bangsal for the Gilis).
 * - Everything else takes its region from `regionOf`.
 *
 * `ferryPortSlugs` are the places with a pier that has a boat to some island place.
 */
export function assignLandmasses(places: readonly LandmassPlace[], ferryPortSlugs: ReadonlySet<string>): Map<string, string> {
  const isBridged = (p: LandmassPlace) => p.stations.some((s) => s.kind === 'bus_terminal');
  const islands = places
    .filter((p) => p.kind === 'island' && !isBridged(p))
    .map((island) => ({
      island,
      radiusKm: Math.max(MIN_ISLAND_RADIUS_KM, 1.5 * Math.max(0, ...island.stations.map((s) => haversineKm(island, s)))),
    }));

  const landmass = new Map<string, string>();
  for (const place of places) {
    if (place.kind === 'island') {
      landmass.set(place.slug, isBridged(place) ? regionOf(place.countryCode, place.province, place) : `island:${place.slug}`);
      continue;
    }
    let home: string | undefined;
    if (!ferryPortSlugs.has(place.slug)) {
      let best = Infinity;
      for (const { island, radiusKm } of islands) {
        const d = haversineKm(place, island);
        if (d <= radiusKm && d < best) {
          best = d;
          home = `island:${island.slug}`;
        }
      }
    }
    landmass.set(place.slug, home ?? regionOf(place.countryCode, place.province, place));
  }
  return landmass;
}
