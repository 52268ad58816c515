/**
 * Place and station suggestions (SPEC §5: at most 60, header for popular departures or
 * destinations). A query matches a name in any language — travellers type "Bangkok",
 * "กรุงเทพ" or "曼谷" — by prefix first, then inside a word, then with one or two typos.
 */
import type { Endpoint } from './search.ts';
import type { TimetableIndex } from './timetable.ts';

export const TYPEAHEAD_MAX = 60;
const POPULAR_MAX = 20;

export interface TypeaheadItem {
  id: string;
  type: 'place' | 'station';
  slug: string;
  name: string;
  country_code: string;
  place_name: string | null;
}

export interface TypeaheadAnswer {
  header: 'popular_departures' | 'popular_destinations' | null;
  items: TypeaheadItem[];
}

interface Entry {
  item: { type: 'place' | 'station'; id: number; placeId: number; slug: string };
  names: Record<string, string> & { en: string };
  keys: string[];
  popularity: number;
}

export function normalizeName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Edit distance with an early exit once it exceeds `limit`. */
function withinDistance(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return false;
    prev = row;
  }
  return (prev[b.length] ?? Infinity) <= limit;
}

const entriesCache = new WeakMap<TimetableIndex, Entry[]>();

function entries(index: TimetableIndex): Entry[] {
  let list = entriesCache.get(index);
  if (list) return list;
  list = [];
  for (const p of index.places.values())
    list.push({
      item: { type: 'place', id: p.id, placeId: p.id, slug: p.slug },
      names: p.names,
      keys: Object.values(p.names).map(normalizeName),
      popularity: p.popularity,
    });
  for (const s of index.stations.values()) {
    const place = index.places.get(s.placeId);
    const keys = Object.values(s.names).map(normalizeName);
    if (s.code) keys.push(s.code.toLowerCase());
    list.push({
      item: { type: 'station', id: s.id, placeId: s.placeId, slug: s.slug },
      names: s.names,
      keys,
      popularity: (place?.popularity ?? 0) / 2,
    });
  }
  entriesCache.set(index, list);
  return list;
}

function score(keys: readonly string[], q: string): number {
  let best = 0;
  for (const key of keys) {
    if (key.startsWith(q)) return 4;
    if (key.split(/[\s(),-]+/).some((word) => word.startsWith(q))) best = Math.max(best, 3);
    else if (key.includes(q)) best = Math.max(best, 2);
    else if (q.length >= 3 && withinDistance(q, key.slice(0, q.length), q.length >= 6 ? 2 : 1)) best = Math.max(best, 1);
  }
  return best;
}

function toItem(index: TimetableIndex, e: Entry, code: string): TypeaheadItem {
  const place = index.places.get(e.item.placeId);
  return {
    id: e.item.type === 'place' ? String(e.item.id) : `s${e.item.id}`,
    type: e.item.type,
    slug: e.item.slug,
    name: e.names[code] ?? e.names.en,
    country_code: place?.countryCode ?? '',
    place_name: e.item.type === 'station' && place ? (place.names[code] ?? place.names.en) : null,
  };
}

export function typeahead(index: TimetableIndex, query: string, code: string): TypeaheadAnswer {
  const q = normalizeName(query);
  if (!q) return { header: null, items: [] };
  const scored: { e: Entry; s: number }[] = [];
  for (const e of entries(index)) {
    const s = score(e.keys, q);
    if (s > 0) scored.push({ e, s });
  }
  scored.sort(
    (a, b) => b.s - a.s || (a.e.item.type === b.e.item.type ? 0 : a.e.item.type === 'place' ? -1 : 1) || b.e.popularity - a.e.popularity,
  );
  return { header: null, items: scored.slice(0, TYPEAHEAD_MAX).map(({ e }) => toItem(index, e, code)) };
}

/** Places with a direct service from `from`, busiest first. */
export function popularFrom(index: TimetableIndex, from: Endpoint, code: string): TypeaheadAnswer {
  const placeId = from.kind === 'place' ? from.id : index.stations.get(from.id)?.placeId;
  const destinations = [...(index.hops.get(placeId ?? -1)?.keys() ?? [])]
    .map((id) => index.places.get(id))
    .filter((p) => p !== undefined)
    .sort((a, b) => b.popularity - a.popularity || a.slug.localeCompare(b.slug))
    .slice(0, POPULAR_MAX);
  const byId = new Map(entries(index).map((e) => [`${e.item.type}${e.item.id}`, e]));
  return {
    header: 'popular_destinations',
    items: destinations.flatMap((p) => {
      const e = byId.get(`place${p.id}`);
      return e ? [toItem(index, e, code)] : [];
    }),
  };
}

/** The busiest places with any departures. */
export function popularDepartures(index: TimetableIndex, code: string): TypeaheadAnswer {
  const items = entries(index)
    .filter((e) => e.item.type === 'place' && index.hops.has(e.item.id))
    .sort((a, b) => b.popularity - a.popularity || a.item.slug.localeCompare(b.item.slug))
    .slice(0, POPULAR_MAX)
    .map((e) => toItem(index, e, code));
  return { header: 'popular_departures', items };
}
