/**
 * Place and station suggestions (SPEC §5: at most 60, header for popular departures or
 * destinations). A query matches any name of a place or station — every locale's ("Bangkok",
 * "กรุงเทพมหานคร", "曼谷", "بانكوك"), the local language's, and the aliases travellers type
 * ("Krung Thep", "Saigon") — by prefix first, then inside a word, then with one or two typos.
 * Case, diacritics, spaces inside a name ("chiangmai"), Arabic and Persian letter variants and
 * hiragana against katakana do not matter.
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

/** One normalised name, cut up once so that a query only compares strings. */
interface Key {
  text: string;
  /** the words of `text` after the first (a query may start any word) */
  words: string[];
  /** `text` without spaces: "chiang mai" is also typed "chiangmai" */
  compact: string;
  latin: boolean;
}

interface Entry {
  item: { type: 'place' | 'station'; id: number; placeId: number; slug: string };
  names: Record<string, string> & { en: string };
  keys: Key[];
  /** every key, joined: one `includes` tells whether any key can match without typos */
  all: string;
  allCompact: string;
  popularity: number;
}

function entry(item: Entry['item'], names: Entry['names'], keys: Key[], popularity: number): Entry {
  return {
    item,
    names,
    keys,
    all: keys.map((k) => k.text).join('\n'),
    allCompact: keys.map((k) => k.compact).join('\n'),
    popularity,
  };
}

/** Letters that stay apart after NFD but that travellers type interchangeably. */
const FOLD: Readonly<Record<string, string>> = {
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ø: 'o',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  // Arabic and Persian: hamza seats, alef maksura, ta marbuta, Persian yeh and keheh
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ى: 'ي',
  ی: 'ي',
  ئ: 'ي',
  ة: 'ه',
  ؤ: 'و',
  ک: 'ك',
  ـ: '',
};
const FOLD_RE = new RegExp(`[${Object.keys(FOLD).join('')}]`, 'gu');

export function normalizeName(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(FOLD_RE, (c) => FOLD[c] ?? c)
      // hiragana → katakana, so either kana finds バンコク
      .replace(/[\u3041-\u3096]/gu, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
      // joiners, middle dots and hyphens of every script separate words like a space
      .replace(/[\u200b-\u200d\u00b7\u30fb\-‐‑–—'’]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const isLatin = (text: string): boolean => /^[\p{Script=Latin}\d\s\p{P}]*$/u.test(text);

function keyOf(text: string): Key {
  const words = text.split(/[\s(),]+/).filter((w) => w.length > 0);
  return { text, words: words.slice(1), compact: text.replace(/ /g, ''), latin: isLatin(text) };
}

function keysOf(names: Iterable<string>, extra: readonly string[] = []): Key[] {
  const seen = new Set<string>();
  for (const name of names) seen.add(normalizeName(name));
  for (const name of extra) seen.add(normalizeName(name));
  seen.delete('');
  return [...seen].map(keyOf);
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
    list.push(
      entry({ type: 'place', id: p.id, placeId: p.id, slug: p.slug }, p.names, keysOf(Object.values(p.names), p.aliases), p.popularity),
    );
  for (const s of index.stations.values()) {
    const place = index.places.get(s.placeId);
    const keys = keysOf(Object.values(s.names), s.aliases);
    if (s.code) keys.push(keyOf(s.code.toLowerCase()));
    list.push(entry({ type: 'station', id: s.id, placeId: s.placeId, slug: s.slug }, s.names, keys, (place?.popularity ?? 0) / 2));
  }
  entriesCache.set(index, list);
  return list;
}

interface Query {
  text: string;
  compact: string;
  latin: boolean;
  /** typos allowed: none under 3 letters, 1, or 2 from 6 letters */
  typos: number;
}

function score(e: Entry, q: Query): number {
  // No key holds the query: only a typo can match, within one script (Latin against Latin…).
  if (!e.all.includes(q.text) && !e.allCompact.includes(q.compact)) {
    if (q.typos === 0) return 0;
    for (const key of e.keys) if (key.latin === q.latin && withinDistance(q.text, key.text.slice(0, q.text.length), q.typos)) return 1;
    return 0;
  }
  let best = 0;
  for (const key of e.keys) {
    if (key.text.startsWith(q.text) || key.compact.startsWith(q.compact)) return 4;
    if (best >= 3) continue;
    if (key.words.some((word) => word.startsWith(q.text))) best = 3;
    else if (key.text.includes(q.text)) best = 2;
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
  const text = normalizeName(query);
  if (!text) return { header: null, items: [] };
  const q: Query = { text, compact: text.replace(/ /g, ''), latin: isLatin(text), typos: text.length >= 6 ? 2 : text.length >= 3 ? 1 : 0 };
  const scored: { e: Entry; s: number }[] = [];
  for (const e of entries(index)) {
    const s = score(e, q);
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
