/**
 * Feature flags per visitor (issue 25, SPEC §2 and §7): a flag has variants, each with the share
 * (percent) of new visitors who get it; the first variant is the control. A visitor's variants
 * are kept in the `feature_flags` cookie as `flag:variant` pairs — sticky: changing the shares
 * changes what *new* visitors get, never what a visitor already has, as long as that variant
 * still exists. The web client sends the same text in the X-Feature-Flags header (SPEC §7
 * "every request carries headers marking the web client and active feature flags").
 * Pure and zod-free: the server and the browser bundles use it.
 */
import type { CookieName } from './cookieTable.ts';

export interface FlagVariant {
  name: string;
  share: number;
}

export interface FeatureFlag {
  key: string;
  description: string;
  variants: FlagVariant[];
}

export type Assignments = Record<string, string>;

export const FLAG_COOKIE = 'feature_flags' satisfies CookieName;
export const FLAGS_HEADER = 'x-feature-flags';
/** SPEC §4 platforms: web, iOS app, Android app. The web client sends `web`. */
export const CLIENT_HEADER = 'x-client-platform';
export const CLIENT_PLATFORMS = ['web', 'ios', 'android'] as const;
export type ClientPlatform = (typeof CLIENT_PLATFORMS)[number];

/** The flags that choose a page at request time (SPEC §2), and the variant that swaps it. */
export const PAGE_FLAGS = { results: 'new_results_page', station: 'new_station_page' } as const;
export const NEW_PAGE_VARIANT = 'new';

const PAIR = /^([a-z0-9_]{1,40}):([a-z0-9_-]{1,32})$/;

/** The cookie (or header) text as assignments; malformed pairs are dropped, never trusted. */
export function parseAssignments(text: string | null | undefined): Assignments {
  const out: Assignments = {};
  if (!text) return out;
  for (const part of decodeURIComponent(text).split(',').slice(0, 32)) {
    const match = PAIR.exec(part.trim());
    if (match?.[1] && match[2]) out[match[1]] = match[2];
  }
  return out;
}

export function serialiseAssignments(assignments: Assignments): string {
  return Object.entries(assignments)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([flag, variant]) => `${flag}:${variant}`)
    .join(',');
}

/** The variant a roll in [0, 100) lands on, walking the shares in order. */
export function pickVariant(variants: readonly FlagVariant[], roll: number): string {
  let upTo = 0;
  for (const variant of variants) {
    upTo += variant.share;
    if (roll < upTo) return variant.name;
  }
  return variants[0]?.name ?? '';
}

/**
 * This visitor's variants: kept ones that still exist, a roll for each live flag they have none
 * of. A flag that is not live gives everyone its control without a roll and without a cookie:
 * writing one would make every first visit's page uncacheable (a Set-Cookie answer is never
 * stored by a shared cache), and would pin the visitor to the control once the flag goes live.
 * `cookie` is what the visitor's cookie should hold; `changed` says whether it must be written.
 */
export function assignVariants(
  flags: readonly FeatureFlag[],
  existing: Assignments,
  roll: () => number = () => Math.random() * 100,
): { assignments: Assignments; cookie: Assignments; changed: boolean } {
  const assignments: Assignments = {};
  const cookie: Assignments = {};
  let changed = false;
  for (const flag of flags) {
    const kept = existing[flag.key];
    if (kept !== undefined && flag.variants.some((v) => v.name === kept)) {
      assignments[flag.key] = kept;
      cookie[flag.key] = kept;
    } else if (flagIsLive(flag)) {
      const rolled = pickVariant(flag.variants, roll());
      assignments[flag.key] = rolled;
      cookie[flag.key] = rolled;
      changed = true;
    } else {
      assignments[flag.key] = flag.variants[0]?.name ?? '';
      if (kept !== undefined) changed = true;
    }
  }
  if (Object.keys(existing).some((key) => !(key in assignments))) changed = true;
  return { assignments, cookie, changed };
}

const VEHCLASS = '(?:bus|ferry|train|van|avia|charter)';
const RESULTS_PATH = new RegExp(`^/[a-z]{2}/(?:all|travel|flights|taxi|${VEHCLASS}(?:-${VEHCLASS})*)/[a-z0-9-]+/[a-z0-9-]+$`);
const STATION_PATH = /^\/[a-z]{2}\/station\/\d{1,9}-[a-z0-9-]+$/;

/** Which page flag decides this path (results pair or station page), if any. */
export function pageFlagFor(pathname: string): string | null {
  if (RESULTS_PATH.test(pathname)) return PAGE_FLAGS.results;
  if (STATION_PATH.test(pathname)) return PAGE_FLAGS.station;
  return null;
}

/** Whether a flag can hand anyone a non-control variant (else the static page answers everyone). */
export function flagIsLive(flag: FeatureFlag | undefined): boolean {
  return flag?.variants.slice(1).some((v) => v.share > 0) ?? false;
}

/** Where a page request goes for this visitor: its `/new` twin when its flag gave them `new`, else null (as asked). */
export function variantPath(pathname: string, search: string, assignments: Assignments): string | null {
  const flag = pageFlagFor(pathname);
  return flag && assignments[flag] === NEW_PAGE_VARIANT ? `${pathname}/new${search}` : null;
}
