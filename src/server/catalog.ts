/**
 * Read-only facts about the seeded network that the shell and the home page show.
 * Results are cached for the life of the process: they change only when inventory is reseeded,
 * and pages must not query the database for the footer on every request.
 */
import { count, inArray } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { getDbHandle } from './db/index.ts';
import { countries, operators, places, stations, type LocalizedText } from './db/schema.ts';

export interface NetworkStats {
  places: number;
  stations: number;
  operators: number;
}

export interface PlaceLink {
  slug: string;
  names: LocalizedText;
  countryCode: string;
}

export async function networkStats(db: Db): Promise<NetworkStats> {
  const [p, s, o] = await Promise.all([
    db.select({ n: count() }).from(places),
    db.select({ n: count() }).from(stations),
    db.select({ n: count() }).from(operators),
  ]);
  return { places: p[0]?.n ?? 0, stations: s[0]?.n ?? 0, operators: o[0]?.n ?? 0 };
}

export async function placesBySlug(db: Db, slugs: readonly string[]): Promise<Map<string, PlaceLink>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ slug: places.slug, names: places.names, countryCode: places.countryCode })
    .from(places)
    .where(inArray(places.slug, [...slugs]));
  return new Map(rows.map((r) => [r.slug, r]));
}

/** Country slugs by ISO code: the footer's country links and the country pages (/{lang}/travel/{countrySlug}). */
export async function countrySlugs(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ code: countries.code, slug: countries.slug }).from(countries);
  return new Map(rows.map((r) => [r.code, r.slug]));
}

let statsCache: Promise<NetworkStats> | undefined;
let countryCache: Promise<Map<string, string>> | undefined;

export function cachedCountrySlugs(): Promise<Map<string, string>> {
  countryCache ??= getDbHandle().then((h) => countrySlugs(h.db));
  return countryCache;
}
const placeCache = new Map<string, Promise<Map<string, PlaceLink>>>();

export function cachedNetworkStats(): Promise<NetworkStats> {
  statsCache ??= getDbHandle().then((h) => networkStats(h.db));
  return statsCache;
}

export function cachedPlacesBySlug(slugs: readonly string[]): Promise<Map<string, PlaceLink>> {
  const key = [...slugs].sort().join(',');
  let cached = placeCache.get(key);
  if (!cached) {
    cached = getDbHandle().then((h) => placesBySlug(h.db, slugs));
    placeCache.set(key, cached);
  }
  return cached;
}

/** A localised name with English fallback. */
export function localName(names: LocalizedText, localeCode: string): string {
  return names[localeCode] ?? names.en;
}
