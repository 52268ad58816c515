/**
 * The rail pass filters of SPEC §2, §5 and §9: three groups (operators, regions, validity) held in
 * the query as comma-separated lists, and the optional `/{filterBy}` path alias that names one
 * selected value (`operator-jr-group`, `region-kansai`, `7-days`).
 */
import type { RailpassResult } from './types.ts';

export const FILTER_GROUPS = ['operators', 'regions', 'validity'] as const;
export type FilterGroup = (typeof FILTER_GROUPS)[number];

export interface RailpassFilters {
  operators: string[];
  regions: string[];
  /** Travel days, as numbers. */
  validity: number[];
}

export const NO_FILTERS: RailpassFilters = { operators: [], regions: [], validity: [] };

const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** One comma-separated query value: trimmed, empties and malformed keys dropped, no duplicates. */
function keyList(raw: string | null | undefined): string[] {
  if (!raw) return [];
  return [...new Set(raw.split(',').map((s) => s.trim().toLowerCase()))].filter((s) => KEY.test(s) && s.length <= 60);
}

function dayList(raw: string | null | undefined): number[] {
  if (!raw) return [];
  const days = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,3}$/.test(s))
    .map(Number)
    .filter((n) => n >= 1 && n <= 366);
  return [...new Set(days)].sort((a, b) => a - b);
}

/** The filters of a query string (`operators=jr-group,korail&regions=kansai&validity=7,14`). */
export function parseFilterQuery(query: URLSearchParams): RailpassFilters {
  return { operators: keyList(query.get('operators')), regions: keyList(query.get('regions')), validity: dayList(query.get('validity')) };
}

export function filtersToQuery(f: RailpassFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.operators.length) out.operators = f.operators.join(',');
  if (f.regions.length) out.regions = f.regions.join(',');
  if (f.validity.length) out.validity = f.validity.join(',');
  return out;
}

export type FilterByAlias = { group: 'operators'; key: string } | { group: 'regions'; key: string } | { group: 'validity'; days: number };

/** What a `/{filterBy}` path value names, or undefined when it is none of the three forms. */
export function parseFilterBy(value: string): FilterByAlias | undefined {
  const v = value.toLowerCase();
  if (v.startsWith('operator-')) {
    const key = v.slice('operator-'.length);
    return KEY.test(key) ? { group: 'operators', key } : undefined;
  }
  if (v.startsWith('region-')) {
    const key = v.slice('region-'.length);
    return KEY.test(key) ? { group: 'regions', key } : undefined;
  }
  const days = /^(\d{1,3})-days?$/.exec(v);
  if (days?.[1]) {
    const n = Number(days[1]);
    return n >= 1 && n <= 366 ? { group: 'validity', days: n } : undefined;
  }
  return undefined;
}

export function filterByPath(alias: FilterByAlias): string {
  if (alias.group === 'validity') return `${String(alias.days)}-${alias.days === 1 ? 'day' : 'days'}`;
  return `${alias.group === 'operators' ? 'operator' : 'region'}-${alias.key}`;
}

function isSelected(alias: FilterByAlias, f: RailpassFilters): boolean {
  if (alias.group === 'validity') return f.validity.includes(alias.days);
  return f[alias.group].includes(alias.key);
}

/**
 * The filterBy to keep in the URL: SPEC §2 drops it when it is not among the selected filters
 * (the traveller unticked it). Undefined: the path has no alias.
 */
export function keptFilterBy(value: string | undefined, f: RailpassFilters): FilterByAlias | undefined {
  if (!value) return undefined;
  const alias = parseFilterBy(value);
  return alias && isSelected(alias, f) ? alias : undefined;
}

/**
 * The filters a landing on `/{filterBy}` starts with: the query's, plus the alias's value (a
 * link to `/japan/operator-jr-west` selects JR West).
 */
export function withFilterBy(f: RailpassFilters, alias: FilterByAlias | undefined): RailpassFilters {
  if (!alias || isSelected(alias, f)) return f;
  if (alias.group === 'validity') return { ...f, validity: [...f.validity, alias.days].sort((a, b) => a - b) };
  return { ...f, [alias.group]: [...f[alias.group], alias.key] };
}

/** SPEC §5: nothing selected passes all; else a pass matches one selected value in each non-empty group. */
export function passMatches(pass: Pick<RailpassResult, 'operators' | 'regions' | 'validity'>, f: RailpassFilters): boolean {
  if (f.operators.length && !pass.operators.some((o) => f.operators.includes(o.key))) return false;
  if (f.regions.length && !pass.regions.some((r) => f.regions.includes(r.key))) return false;
  if (f.validity.length && !pass.validity.some((d) => f.validity.includes(d))) return false;
  return true;
}

export function applyFilters<P extends Pick<RailpassResult, 'operators' | 'regions' | 'validity'>>(
  passes: readonly P[],
  f: RailpassFilters,
): P[] {
  return passes.filter((p) => passMatches(p, f));
}

export interface FilterOption {
  key: string;
  label: string;
  quantity: number;
  selected: boolean;
}

/**
 * The options of each group over all passes (not the filtered ones, so a ticked box never
 * disappears), with how many passes carry each, sorted by quantity (SPEC §9) then label.
 */
export function filterOptions(passes: readonly RailpassResult[], f: RailpassFilters): Record<FilterGroup, FilterOption[]> {
  const count = (entries: { key: string; label: string }[], selected: readonly string[]) => {
    const byKey = new Map<string, FilterOption>();
    for (const e of entries) {
      const o = byKey.get(e.key) ?? { key: e.key, label: e.label, quantity: 0, selected: selected.includes(e.key) };
      o.quantity += 1;
      byKey.set(e.key, o);
    }
    return [...byKey.values()].sort((a, b) => b.quantity - a.quantity || a.label.localeCompare(b.label, 'en'));
  };
  return {
    operators: count(
      passes.flatMap((p) => p.operators.map((o) => ({ key: o.key, label: o.name }))),
      f.operators,
    ),
    regions: count(
      passes.flatMap((p) => p.regions.map((r) => ({ key: r.key, label: r.name }))),
      f.regions,
    ),
    validity: count(
      passes.flatMap((p) => p.validity.map((d) => ({ key: String(d), label: String(d) }))),
      f.validity.map(String),
    ).sort((a, b) => Number(a.key) - Number(b.key)),
  };
}

/**
 * The one URL of a destination's results: `/{lang}/railpass/{country}`, the filterBy alias while
 * its value is selected, then the lists (comma-separated) and a sort other than the default. A
 * page answered under another URL (a form's repeated `operators=…&operators=…`, an alias that is
 * no longer selected) redirects here.
 */
export function resultsPath(segment: string, countrySlug: string, f: RailpassFilters, filterBy: string | undefined, sort: string): string {
  const alias = keptFilterBy(filterBy, f);
  const path = `/${segment}/railpass/${countrySlug}${alias ? `/${filterByPath(alias)}` : ''}`;
  // A filter set that is exactly the alias needs no query: landing on the alias selects it.
  const onlyAlias = alias && withFilterBy(NO_FILTERS, alias);
  const same = onlyAlias && JSON.stringify(onlyAlias) === JSON.stringify(f);
  const query = new URLSearchParams(same ? {} : filtersToQuery(f));
  if (sort !== 'recommended') query.set('sort', sort);
  const q = query.toString().replaceAll('%2C', ',');
  return q ? `${path}?${q}` : path;
}

/**
 * The filters a results page shows: a landing on `/{filterBy}` (no lists, no form submitted)
 * selects the alias's value; otherwise the lists as given, each read from repeated or
 * comma-separated values.
 */
export function pageFilters(query: URLSearchParams, filterBy: string | undefined): RailpassFilters {
  const joined = new URLSearchParams();
  for (const group of FILTER_GROUPS) {
    const values = query.getAll(group).filter((v) => v !== '');
    if (values.length) joined.set(group, values.join(','));
  }
  const selected = parseFilterQuery(joined);
  const submitted = query.has('f') || FILTER_GROUPS.some((g) => query.has(g));
  return !submitted && filterBy ? withFilterBy(selected, parseFilterBy(filterBy)) : selected;
}
