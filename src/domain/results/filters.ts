/**
 * Filters, tabs and sorting of the results list (SPEC §3 filter groups and transportation tabs,
 * §4 tab and reset rules, §9 constants). Pure, so the island, a web worker and the tests run
 * the same code.
 *
 * Within a group the selected options are alternatives (OR); groups combine with AND. The
 * count shown next to an option is how many trips of the current tab would remain with that
 * option added to the other groups' choices, so the counts move as the traveller filters.
 */
import { bookableOptions } from '../search/cardOption.ts';
import { passTabNumbers, type TripsPass } from './passes.ts';
import type { Trip } from '../search/trips.ts';
import { VEHICLE_CLASSES, type FilterClass, type VehicleClass } from '../search/vehicleClasses.ts';
import {
  FILTER_GROUPS,
  formatHourRange,
  parseHourRange,
  type FilterGroup,
  type PriceRange,
  type ResultsState,
  type SortKey,
  type TabKey,
} from './queryState.ts';

/** SPEC §9 time buckets of the checkbox list. */
export const TIME_BUCKETS = ['00-06', '06-12', '12-18', '18-24'] as const;
/** SPEC §9 rating thresholds. */
export const RATING_OPTIONS = [
  { id: 'excellent', min: 4.5 },
  { id: 'very_good', min: 4.0 },
  { id: 'good', min: 3.5 },
] as const;
export const QUICK_OPTIONS = ['full_refundable', 'instant_confirmation'] as const;
export const PRICE_TIERS = ['1', '2', '3', '4'] as const;
/** SPEC §9: the price slider has 50 positions (0–49). */
export const PRICE_STEPS = 50;
export const TABS: readonly Exclude<TabKey, 'all'>[] = ['bus', 'ferry', 'railpass', 'train', 'van', 'avia', 'charter'];

export interface FilterOption {
  id: string;
  selected: boolean;
  available: boolean;
  quantity: number;
  /** Lowest price among the trips counted (stations, operators, classes). */
  price?: number;
  /** An id from the URL that no trip has (SPEC §5): shown so the traveller can clear it. */
  unknown?: boolean;
  /** What the option reads as; the search answer names it in the traveller's language (server/search/filterLabels.ts). */
  label?: string;
  /** Time options: the hours covered, [from, to); price tiers: the prices covered, [min, max]. */
  range?: { from: number; to: number };
  /** Vehicle class options: the other ids the URL may use for it (`flights` for `avia`). */
  aliases?: string[];
  /** Station and operator options: the vehicle classes of the trips they have. */
  vehclasses?: VehicleClass[];
  /** Quick options: the trip feature the option keeps (SPEC §3 quick features). */
  feature?: string;
}

export type FilterGroups = Record<FilterGroup, FilterOption[]>;

export interface Tab {
  key: TabKey;
  count: number;
  minPrice: number | null;
  /** SPEC §3: the vehicle classes of the trips the tab holds (`railpass` for the passes). */
  vehclasses: FilterClass[];
}

const hourOf = (localDateTime: string) => Number(localDateTime.slice(11, 13)) + Number(localDateTime.slice(14, 16)) / 60;

function inRange(hour: number, range: { from: number; to: number }): boolean {
  return hour >= range.from && hour < range.to;
}

function isCharter(trip: Trip): boolean {
  return trip.params.vehclasses.includes('charter');
}

/** Charter taxis leave when the traveller wants, so time filters never hide them (SPEC §9). */
function timeMatches(trip: Trip, which: 'dep_time' | 'arr_time', ids: readonly string[]): boolean {
  if (isCharter(trip)) return true;
  const hour = hourOf(which === 'dep_time' ? trip.params.dep_time : trip.params.arr_time);
  return ids.some((id) => {
    const range = parseHourRange(id);
    return range !== undefined && inRange(hour, range);
  });
}

/** The buckets as hour ranges, read once: every search answer counts every trip into them. */
const BUCKET_RANGES = TIME_BUCKETS.map((id) => {
  const [from, to] = id.split('-').map(Number);
  return { id, range: { from: from ?? 0, to: to ?? 24 } };
});

/** The time buckets a trip leaves (or arrives) in: all of them for a charter taxi. */
function timeBucketsOf(trip: Trip, which: 'dep_time' | 'arr_time'): string[] {
  if (isCharter(trip)) return [...TIME_BUCKETS];
  const hour = hourOf(which === 'dep_time' ? trip.params.dep_time : trip.params.arr_time);
  return BUCKET_RANGES.filter((b) => inRange(hour, b.range)).map((b) => b.id);
}

/** Refundable when a class that can be booked now is (a sold-out trip: any of its classes). */
export function isFullRefundable(trip: Trip): boolean {
  const open = bookableOptions(trip.travel_options);
  return (open.length ? open : trip.travel_options).some((o) => o.full_refund_until !== null);
}

function quickMatches(trip: Trip, id: string): boolean {
  if (id === 'full_refundable') return isFullRefundable(trip);
  if (id === 'instant_confirmation') return trip.features.includes('instant_confirmation');
  return false;
}

export interface PriceBounds extends PriceRange {
  /** Tier edges: a trip's tier is the quarter of [min, max] its price falls in. */
  tierEdges: [number, number, number];
}

export function priceBounds(trips: readonly Trip[]): PriceBounds | undefined {
  if (trips.length === 0) return undefined;
  const prices = trips.map((t) => t.min_price.value);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const step = (max - min) / 4;
  return { min, max, tierEdges: [min + step, min + 2 * step, min + 3 * step] };
}

export function priceTier(price: number, bounds: PriceBounds): string {
  const [a, b, c] = bounds.tierEdges;
  return price < a ? '1' : price < b ? '2' : price < c ? '3' : '4';
}

/** SPEC §9: slider position 0–49 → price, interpolated between the lowest and highest price. */
export function sliderPrice(step: number, bounds: PriceRange): number {
  const s = Math.min(PRICE_STEPS - 1, Math.max(0, Math.round(step)));
  return bounds.min + ((bounds.max - bounds.min) * s) / (PRICE_STEPS - 1);
}

export function priceStep(price: number, bounds: PriceRange): number {
  if (bounds.max === bounds.min) return 0;
  return Math.min(PRICE_STEPS - 1, Math.max(0, Math.round(((price - bounds.min) / (bounds.max - bounds.min)) * (PRICE_STEPS - 1))));
}

export function optionIdsOf(trip: Trip, group: FilterGroup, bounds: PriceBounds | undefined): string[] {
  const p = trip.params;
  switch (group) {
    case 'dep_time':
    case 'arr_time':
      return timeBucketsOf(trip, group);
    case 'vehclasses':
      return p.vehclasses;
    case 'stations_from':
      return [String(p.from)];
    case 'stations_to':
      return [String(p.to)];
    case 'quick':
      return QUICK_OPTIONS.filter((q) => quickMatches(trip, q));
    case 'trip_rating':
      return RATING_OPTIONS.filter((r) => trip.rating !== null && trip.rating >= r.min).map((r) => r.id);
    case 'prices':
      return bounds ? [priceTier(trip.min_price.value, bounds)] : [];
    case 'operator_id':
      return p.operators.map(String);
  }
}

function groupMatches(trip: Trip, group: FilterGroup, ids: readonly string[], bounds: PriceBounds | undefined): boolean {
  if (group === 'dep_time' || group === 'arr_time') return timeMatches(trip, group, ids);
  const have = optionIdsOf(trip, group, bounds);
  return ids.some((id) => have.includes(id));
}

export function tabMatches(trip: Trip, tab: TabKey): boolean {
  if (tab === 'all') return true;
  return (trip.params.vehclasses as readonly string[]).includes(tab);
}

function matchesAll(trip: Trip, state: ResultsState, bounds: PriceBounds | undefined, except?: FilterGroup): boolean {
  for (const group of FILTER_GROUPS) {
    if (group === except) continue;
    const ids = state.selected[group];
    if (ids?.length && !groupMatches(trip, group, ids, bounds)) return false;
  }
  if (state.priceRange && except !== 'prices') {
    const v = trip.min_price.value;
    if (v < state.priceRange.min || v > state.priceRange.max) return false;
  }
  return true;
}

/** The trips of the tab that pass every filter. */
export function filterTrips(trips: readonly Trip[], state: ResultsState): Trip[] {
  const inTab = trips.filter((t) => tabMatches(t, state.tab));
  const bounds = priceBounds(inTab);
  return inTab.filter((t) => matchesAll(t, state, bounds));
}

const byDeparture = (a: Trip, b: Trip) => a.params.dep_time.localeCompare(b.params.dep_time);

/** SPEC §4 sort modes; ties keep departure order so the list never jumps around. */
export function sortTrips(trips: readonly Trip[], sort: SortKey): Trip[] {
  const list = [...trips];
  const bookableFirst = (a: Trip, b: Trip) => Number(b.params.is_bookable) - Number(a.params.is_bookable);
  switch (sort) {
    case 'recommended':
      return list.sort((a, b) => a.sales_sorting - b.sales_sorting || byDeparture(a, b));
    case 'cheapest':
      return list.sort((a, b) => bookableFirst(a, b) || a.min_price.minor - b.min_price.minor || byDeparture(a, b));
    case 'fastest':
      return list.sort((a, b) => bookableFirst(a, b) || a.params.duration_min - b.params.duration_min || byDeparture(a, b));
    case 'rating':
      return list.sort((a, b) => bookableFirst(a, b) || (b.rating ?? -1) - (a.rating ?? -1) || byDeparture(a, b));
  }
}

/** The classes of some trips, in the order of the tabs. */
export function classesOf(trips: readonly Trip[]): VehicleClass[] {
  const present = new Set(trips.flatMap((t) => t.params.vehclasses));
  return VEHICLE_CLASSES.filter((c) => present.has(c));
}

/** Filter groups with counts for the trips of the current tab (faceted: each group ignores itself). */
export function buildFilterGroups(trips: readonly Trip[], state: ResultsState): FilterGroups {
  const inTab = trips.filter((t) => tabMatches(t, state.tab));
  const bounds = priceBounds(inTab);
  const groups = {} as FilterGroups;
  for (const group of FILTER_GROUPS) {
    const counts = new Map<string, { quantity: number; price: number }>();
    const base = inTab.filter((t) => matchesAll(t, state, bounds, group));
    const passing = new Set(base);
    // Options exist for every value in the tab, even when other filters leave none of them; only
    // the trips the other groups let through count.
    for (const t of inTab) {
      const counted = passing.has(t);
      for (const id of optionIdsOf(t, group, bounds)) {
        const c = counts.get(id);
        if (!c) counts.set(id, counted ? { quantity: 1, price: t.min_price.value } : { quantity: 0, price: Infinity });
        else if (counted) {
          c.quantity++;
          c.price = Math.min(c.price, t.min_price.value);
        }
      }
    }
    const selected = new Set(state.selected[group] ?? []);
    let ids = [...counts.keys()];
    if (group === 'dep_time' || group === 'arr_time') ids = [...TIME_BUCKETS];
    else if (group === 'quick') ids = QUICK_OPTIONS.filter((q) => counts.has(q));
    else if (group === 'trip_rating') ids = RATING_OPTIONS.map((r) => r.id).filter((id) => counts.has(id));
    else if (group === 'prices') ids = bounds ? PRICE_TIERS.filter((p) => counts.has(p)) : [];
    const options: FilterOption[] = ids.map((id) => {
      const c = counts.get(id);
      const option: FilterOption = { id, selected: selected.has(id), available: (c?.quantity ?? 0) > 0, quantity: c?.quantity ?? 0 };
      if (c && Number.isFinite(c.price)) option.price = c.price;
      return option;
    });
    // A time range from the slider is not one of the buckets: keep it as a selected option.
    for (const id of selected) {
      if (options.some((o) => o.id === id)) continue;
      const isRange = (group === 'dep_time' || group === 'arr_time') && parseHourRange(id) !== undefined;
      const option: FilterOption = { id, selected: true, available: false, quantity: 0 };
      if (isRange) {
        option.available = true;
        option.quantity = base.filter((t) => timeMatches(t, group, [id])).length;
      } else option.unknown = true;
      options.push(option);
    }
    // SPEC §9: station and operator lists are sorted by quantity.
    if (group === 'stations_from' || group === 'stations_to' || group === 'operator_id' || group === 'vehclasses')
      options.sort((a, b) => b.quantity - a.quantity || a.id.localeCompare(b.id));
    groups[group] = options;
  }
  return groups;
}

/**
 * SPEC §3 transportation tabs: all, then each class present, with count and minimum price. The
 * `railpass` tab lists the passes that cover the route (no trip has that class); `all` is the
 * trips, as before.
 */
export function buildTabs(trips: readonly Trip[], passes: readonly Pick<TripsPass, 'classOptions'>[] = []): Tab[] {
  // A tab's minimum is a price that can be booked now: sold-out trips do not count.
  const min = (list: readonly Trip[]) => {
    const open = list.filter((t) => t.params.is_bookable);
    return open.length ? Math.min(...open.map((t) => t.min_price.value)) : null;
  };
  const tabs: Tab[] = [{ key: 'all', count: trips.length, minPrice: min(trips), vehclasses: classesOf(trips) }];
  for (const key of TABS) {
    if (key === 'railpass') {
      if (passes.length) tabs.push({ key, ...passTabNumbers(passes), vehclasses: ['railpass'] });
      continue;
    }
    const list = trips.filter((t) => tabMatches(t, key));
    if (list.length) tabs.push({ key, count: list.length, minPrice: min(list), vehclasses: classesOf(list) });
  }
  return tabs;
}

/** Toggles one option of a group, returning a new state. */
export function toggleOption(state: ResultsState, group: FilterGroup, id: string): ResultsState {
  const current = state.selected[group] ?? [];
  const next = current.includes(id) ? current.filter((x) => x !== id) : [...current, id];
  return { ...state, selected: withGroup(state.selected, group, next) };
}

/** The selection with one group replaced; an empty list removes the group. */
function withGroup(selected: ResultsState['selected'], group: FilterGroup, ids: readonly string[]): ResultsState['selected'] {
  const out: ResultsState['selected'] = {};
  for (const g of FILTER_GROUPS) {
    const list = g === group ? ids : selected[g];
    if (list?.length) out[g] = [...list];
  }
  return out;
}

/** The slider's single range replaces any bucket choice of the group. */
export function setHourRange(
  state: ResultsState,
  group: 'dep_time' | 'arr_time',
  range: { from: number; to: number } | undefined,
): ResultsState {
  const full = !range || (range.from === 0 && range.to === 24);
  return { ...state, selected: withGroup(state.selected, group, full ? [] : [formatHourRange(range)]) };
}

/**
 * SPEC §4: selecting a tab resets sorting to recommended and recalculates the filters; choices
 * that no trip of the new tab offers are dropped.
 */
export function selectTab(trips: readonly Trip[], state: ResultsState, tab: TabKey): ResultsState {
  const next: ResultsState = { ...state, tab, sort: 'recommended' };
  const groups = buildFilterGroups(trips, { ...next, selected: {} });
  const selected: ResultsState['selected'] = {};
  for (const group of FILTER_GROUPS) {
    const keep = (state.selected[group] ?? []).filter((id) => groups[group].some((o) => o.id === id) || parseHourRange(id) !== undefined);
    if (keep.length) selected[group] = keep;
  }
  const result: ResultsState = { ...next, selected };
  if (state.priceRange) result.priceRange = state.priceRange;
  return result;
}

/**
 * SPEC §4: when trips exist but filtering leaves none, the filters are reset; staff keep the
 * operator filter. Returns the state unchanged when there is something to show — the rail pass
 * tab shows something whenever passes cover the route (`passCount`).
 */
export function resetIfEmpty(trips: readonly Trip[], state: ResultsState, isStaff: boolean, passCount = 0): ResultsState {
  if (state.tab === 'railpass' && passCount > 0) return state;
  if (trips.length === 0 || filterTrips(trips, state).length > 0) return state;
  const selected: ResultsState['selected'] = {};
  const operators = state.selected.operator_id;
  if (isStaff && operators) selected.operator_id = operators;
  const reset: ResultsState = { ...state, selected };
  if (filterTrips(trips, reset).length > 0) return reset;
  return { ...reset, tab: 'all', selected: {} };
}

export function clampPriceRange(range: PriceRange | undefined, bounds: PriceRange | undefined): PriceRange | undefined {
  if (!range || !bounds) return range;
  const min = Math.min(Math.max(range.min, bounds.min), bounds.max);
  const max = Math.min(Math.max(range.max, bounds.min), bounds.max);
  return min === max ? undefined : { min, max };
}
