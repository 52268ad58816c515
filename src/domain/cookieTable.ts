/**
 * Every cookie the site sets, in one table (SPEC §3 cookies, §9 lifetimes). The code that sets a
 * cookie takes its lifetime from here (`cookieMaxAge`), the privacy policy page lists the table
 * (src/components/content/CookieList.astro), and `cookieTable.test.ts` fails when the code sets
 * a cookie that is not in it. Purposes are translated (`cookies.purpose.<purpose>`); several
 * cookies that serve one purpose share it.
 */

import { CONSENT_MAX_AGE_S } from './consent.ts';

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;
/** SPEC §9: search, user, currency and passenger cookies live one year. */
export const YEAR_S = 365 * DAY_S;

export type CookieCategory = 'necessary' | 'preferences' | 'statistics' | 'marketing';
export type CookiePurpose = 'session' | 'account' | 'currency' | 'cart' | 'checkout' | 'consent' | 'search' | 'passengers';

export interface CookieEntry {
  purpose: CookiePurpose;
  /** Max-Age in seconds (the longest, where it depends on the case — see `note`). */
  maxAgeS: number;
  category: CookieCategory;
  /** HttpOnly: scripts on the page cannot read it. */
  httpOnly: boolean;
  /** Over https the name carries the `__Host-` prefix (pinned to this host, path /, Secure). */
  hostPrefixed?: true;
}

export const COOKIES = {
  // Sign-in: 30 days (a temporary sign-in from a ticket link: 1 day, src/server/accounts/sessions.ts).
  session: { purpose: 'session', maxAgeS: 30 * DAY_S, category: 'necessary', httpOnly: true, hostPrefixed: true },
  // What static pages show a signed-in user (account links, staff link, balance); the server
  // never trusts them (SPEC §3 user fields).
  user_id: { purpose: 'account', maxAgeS: YEAR_S, category: 'necessary', httpOnly: false },
  role: { purpose: 'account', maxAgeS: YEAR_S, category: 'necessary', httpOnly: false },
  is_staff: { purpose: 'account', maxAgeS: YEAR_S, category: 'necessary', httpOnly: false },
  is_admin: { purpose: 'account', maxAgeS: YEAR_S, category: 'necessary', httpOnly: false },
  is_temp: { purpose: 'account', maxAgeS: YEAR_S, category: 'necessary', httpOnly: false },
  country_id: { purpose: 'account', maxAgeS: YEAR_S, category: 'necessary', httpOnly: false },
  balance: { purpose: 'account', maxAgeS: YEAR_S, category: 'necessary', httpOnly: false },
  balance_fxcode: { purpose: 'account', maxAgeS: YEAR_S, category: 'necessary', httpOnly: false },
  currency: { purpose: 'currency', maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  cart_session: { purpose: 'cart', maxAgeS: 30 * DAY_S, category: 'necessary', httpOnly: true, hostPrefixed: true },
  checkout_hash: { purpose: 'checkout', maxAgeS: DAY_S, category: 'necessary', httpOnly: true },
  consent: { purpose: 'consent', maxAgeS: CONSENT_MAX_AGE_S, category: 'necessary', httpOnly: false },
  last_search: { purpose: 'search', maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  from_id: { purpose: 'search', maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  from_slug: { purpose: 'search', maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  from_name: { purpose: 'search', maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  to_id: { purpose: 'search', maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  to_slug: { purpose: 'search', maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  to_name: { purpose: 'search', maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  search_date: { purpose: 'search', maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  search_date2: { purpose: 'search', maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  passengers: { purpose: 'passengers', maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
} as const satisfies Record<string, CookieEntry>;

export type CookieName = keyof typeof COOKIES;

export const COOKIE_NAMES = Object.keys(COOKIES) as CookieName[];

export function cookieMaxAge(name: CookieName): number {
  return COOKIES[name].maxAgeS;
}

/** A lifetime as the largest whole unit (1 year, 30 days, 1 day, 1 hour, 30 minutes) for the policy page. */
export function lifetimeUnit(maxAgeS: number): { value: number; unit: 'year' | 'day' | 'hour' | 'minute' } {
  if (maxAgeS % YEAR_S === 0) return { value: maxAgeS / YEAR_S, unit: 'year' };
  if (maxAgeS % DAY_S === 0) return { value: maxAgeS / DAY_S, unit: 'day' };
  if (maxAgeS % HOUR_S === 0) return { value: maxAgeS / HOUR_S, unit: 'hour' };
  return { value: Math.round(maxAgeS / MINUTE_S), unit: 'minute' };
}
