/**
 * The results page keeps its whole view in the query string (SPEC §2, §5): reload, back and
 * forward must restore the same list. This module is the only place that reads and writes
 * those parameters, so the URL rules of SPEC §5 hold everywhere.
 */

export const FILTER_GROUPS = [
  'dep_time',
  'arr_time',
  'vehclasses',
  'stations_from',
  'stations_to',
  'quick',
  'trip_rating',
  'prices',
  'operator_id',
] as const;
export type FilterGroup = (typeof FILTER_GROUPS)[number];

export const SORTS = ['recommended', 'cheapest', 'fastest', 'rating'] as const;
export type SortKey = (typeof SORTS)[number];

export const TAB_KEYS = ['all', 'bus', 'ferry', 'railpass', 'train', 'van', 'avia', 'charter'] as const;
export type TabKey = (typeof TAB_KEYS)[number];

/** An hour range [from, to) on the 00–24 slider. */
export interface HourRange {
  from: number;
  to: number;
}

/** A price range in major units of the shown currency. */
export interface PriceRange {
  min: number;
  max: number;
}

export interface ResultsState {
  sort: SortKey;
  tab: TabKey;
  /** Selected option ids per checkbox group (dep_time/arr_time hold bucket ids like "06-12"). */
  selected: Partial<Record<FilterGroup, string[]>>;
  /** The price slider; `prices` tiers live in `selected.prices`. */
  priceRange?: PriceRange;
}

export const EMPTY_STATE: ResultsState = { sort: 'recommended', tab: 'all', selected: {} };

/** How many filters narrow the list: each chosen option, and the price slider once moved. */
export function activeFilterCount(state: ResultsState): number {
  let count = state.priceRange ? 1 : 0;
  for (const ids of Object.values(state.selected)) count += ids.length;
  return count;
}

/** The query parameter of the price slider (the tiers use `prices`). */
export const PRICE_RANGE_PARAM = 'price_range';

const pad = (hour: number) => String(hour).padStart(2, '0');

/**
 * SPEC §5 time rule: two hours joined by a hyphen, not equal (else dropped), swapped when
 * reversed, clamped to 0–24 and written with two digits.
 */
export function parseHourRange(raw: string): HourRange | undefined {
  const match = /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$/.exec(raw);
  if (!match) return undefined;
  const a = Math.min(24, Number(match[1]));
  const b = Math.min(24, Number(match[2]));
  if (a === b) return undefined;
  return a < b ? { from: a, to: b } : { from: b, to: a };
}

export function formatHourRange(range: HourRange): string {
  return `${pad(range.from)}-${pad(range.to)}`;
}

/**
 * SPEC §5 price rule: two numbers, not equal (else dropped), swapped when reversed, clamped to
 * the bounds of the prices on the page (when known).
 */
export function parsePriceRange(raw: string, bounds?: PriceRange): PriceRange | undefined {
  const parts = raw.split('-');
  if (parts.length !== 2 || parts.some((p) => p.trim() === '')) return undefined;
  let a = Number(parts[0]);
  let b = Number(parts[1]);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a === b) return undefined;
  if (a > b) [a, b] = [b, a];
  if (bounds) {
    a = Math.min(Math.max(a, bounds.min), bounds.max);
    b = Math.min(Math.max(b, bounds.min), bounds.max);
    if (a === b) return undefined;
  }
  return { min: a, max: b };
}

/** SPEC §5: empty and 'null' values are dropped before anything reads the query. */
export function cleanParams(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of search) if (value.trim() !== '' && value !== 'null') out.append(key, value);
  return out;
}

function isOneOf<T extends string>(list: readonly T[], value: string | null): value is T {
  return value !== null && (list as readonly string[]).includes(value);
}

/** Reads the results view from a query string; anything malformed falls back to the default. */
export function parseResultsState(query: URLSearchParams | string): ResultsState {
  const params = cleanParams(typeof query === 'string' ? new URLSearchParams(query) : query);
  const sort = params.get('sort');
  const tab = params.get('vehclasses_tab');
  const state: ResultsState = {
    sort: isOneOf(SORTS, sort) ? sort : 'recommended',
    tab: isOneOf(TAB_KEYS, tab) ? tab : 'all',
    selected: {},
  };
  for (const group of FILTER_GROUPS) {
    const raw = params.get(group);
    if (raw === null) continue;
    let ids = [...new Set(raw.split(',').map((v) => v.trim()))].filter((v) => v !== '' && v !== 'null');
    if (group === 'dep_time' || group === 'arr_time') {
      ids = ids.flatMap((id) => {
        const range = parseHourRange(id);
        return range ? [formatHourRange(range)] : [];
      });
    }
    if (ids.length) state.selected[group] = ids;
  }
  const price = params.get(PRICE_RANGE_PARAM);
  const range = price === null ? undefined : parsePriceRange(price);
  if (range) state.priceRange = range;
  return state;
}

/**
 * Writes the view into a query string, keeping the other parameters (date, people, …) as they
 * are. Defaults are left out so that the plain search URL stays the canonical one.
 */
export function writeResultsState(base: URLSearchParams | string, state: ResultsState): URLSearchParams {
  const params = cleanParams(typeof base === 'string' ? new URLSearchParams(base) : base);
  for (const key of [...FILTER_GROUPS, PRICE_RANGE_PARAM, 'sort', 'vehclasses_tab']) params.delete(key);
  for (const group of FILTER_GROUPS) {
    const ids = state.selected[group];
    if (ids?.length) params.set(group, ids.join(','));
  }
  if (state.priceRange) params.set(PRICE_RANGE_PARAM, `${state.priceRange.min}-${state.priceRange.max}`);
  if (state.sort !== 'recommended') params.set('sort', state.sort);
  // SPEC §4: vehclasses_tab is removed for 'all'.
  if (state.tab !== 'all') params.set('vehclasses_tab', state.tab);
  return params;
}
