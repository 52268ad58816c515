/**
 * Vehicle class rules (SPEC §5). The URL's class segment is `all` (no filter) or a
 * hyphen-joined list such as `bus-ferry`; a trip then must use exactly those classes, no more
 * and no fewer. URL aliases (SPEC §2): flights → avia, taxi → charter, travel → all.
 */

export const VEHICLE_CLASSES = ['bus', 'ferry', 'train', 'van', 'avia', 'charter'] as const;
export type VehicleClass = (typeof VEHICLE_CLASSES)[number];

/** Classes a filter may name; rail passes are a product, not a trip's class. */
export type FilterClass = VehicleClass | 'railpass';

/** `all`, or the sorted set of classes a trip must have exactly. */
export type ClassFilter = 'all' | readonly FilterClass[];

const ALIASES: Record<string, string> = { flights: 'avia', taxi: 'charter', travel: 'all' };
const KNOWN = new Set<string>([...VEHICLE_CLASSES, 'railpass']);

/** Parses a URL value; undefined when it names a class that does not exist. */
export function parseClassFilter(raw: string | null | undefined): ClassFilter | undefined {
  if (!raw) return 'all';
  const parts = raw
    .toLowerCase()
    .split('-')
    .map((p) => ALIASES[p] ?? p);
  if (parts.includes('all')) return parts.length === 1 ? 'all' : undefined;
  if (!parts.every((p) => KNOWN.has(p))) return undefined;
  return [...new Set(parts as FilterClass[])].sort();
}

/** The other names a class goes by in URLs (SPEC §2): `avia` is also `flights`, `charter` also `taxi`. */
export function classAliases(vehicleClass: string): string[] {
  return Object.keys(ALIASES).filter((alias) => ALIASES[alias] === vehicleClass);
}

/** The URL segment for a filter, the inverse of parseClassFilter (avia is written as flights). */
export function classFilterSegment(filter: ClassFilter): string {
  if (filter === 'all') return 'all';
  return filter.map((c) => (c === 'avia' ? 'flights' : c === 'charter' ? 'taxi' : c)).join('-');
}

/** A trip passes when its set of classes equals the filter's trip classes. */
export function tripMatchesClasses(tripClasses: readonly VehicleClass[], filter: ClassFilter): boolean {
  if (filter === 'all') return true;
  const wanted = new Set<string>(filter.filter((c) => c !== 'railpass'));
  const have = new Set<string>(tripClasses);
  if (wanted.size !== have.size) return false;
  for (const c of have) if (!wanted.has(c)) return false;
  return true;
}

/** Rail passes are offered only when the filter is `all` or names railpass explicitly. */
export function includesRailPasses(filter: ClassFilter): boolean {
  return filter === 'all' || filter.includes('railpass');
}
