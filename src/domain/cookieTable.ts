/**
 * Every cookie the site sets, in one table (SPEC §3 cookies, §9 lifetimes). The code that sets a
 * cookie takes its lifetime from here (`cookieMaxAge`), the privacy policy page lists the table
 * (src/server/content/cookieList.ts), and `cookieTable.test.ts` fails when the code sets
 * a cookie that is not in it. Purposes are translated (`cookies.purpose.<purpose>`).
 */

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;
/** SPEC §9: search, user, currency and passenger cookies live one year. */
export const YEAR_S = 365 * DAY_S;
/** SPEC §9: some tracking ids live 400 days (the longest a browser keeps a cookie). */
export const TRACKING_ID_S = 400 * DAY_S;

export type CookieCategory = 'necessary' | 'preferences' | 'statistics' | 'marketing';

/** What every cookie of one purpose shares. */
export interface CookieEntry {
  /** Max-Age in seconds (the longest, where it depends on the case — see the comment). */
  maxAgeS: number;
  category: CookieCategory;
  /** HttpOnly: scripts on the page cannot read it. */
  httpOnly: boolean;
  /** Over https the name carries the `__Host-` prefix (pinned to this host, path /, Secure). */
  hostPrefixed?: true;
}

// Cookies that serve one purpose share lifetime and kind, so the table is kept by purpose: the
// browser bundles that write cookies carry it, and it stays small.
const PURPOSES = {
  // Sign-in: 30 days (a temporary sign-in from a ticket link: 1 day, src/server/accounts/sessions.ts).
  session: { maxAgeS: 30 * DAY_S, category: 'necessary', httpOnly: true, hostPrefixed: true },
  // What static pages show a signed-in user (account links, staff link, balance); the server
  // never trusts them (SPEC §3 user fields).
  account: { maxAgeS: YEAR_S, category: 'necessary', httpOnly: false },
  currency: { maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  cart: { maxAgeS: 30 * DAY_S, category: 'necessary', httpOnly: true, hostPrefixed: true },
  checkout: { maxAgeS: DAY_S, category: 'necessary', httpOnly: true },
  // SPEC §3 "frozen cart": the hash of the cart being checked out when its prices are frozen, so the
  // checkout's scripts show the kept total and offer no class change (src/stores/frozenCart.ts).
  frozen_cart: { maxAgeS: DAY_S, category: 'necessary', httpOnly: false },
  // The banner script writes it with CONSENT_MAX_AGE_S (consent.ts); the test holds the two equal.
  consent: { maxAgeS: YEAR_S, category: 'necessary', httpOnly: false },
  search: { maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  passengers: { maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  // Issue 25: set on a white-label partner's own host at the first visit, so the partner is
  // credited with the booking (their contract, not cross-site tracking); scripts never read it.
  affiliate: { maxAgeS: 30 * DAY_S, category: 'necessary', httpOnly: true },
  // Issue 25: which variant of each feature flag this browser was given, so it keeps seeing the
  // same page layout; the web client sends it back on API calls (X-Feature-Flags).
  flags: { maxAgeS: YEAR_S, category: 'necessary', httpOnly: false },
  // The language the traveller chose in the language menu; `/` and language-neutral addresses follow it.
  language: { maxAgeS: YEAR_S, category: 'preferences', httpOnly: false },
  // Analytics (issue 25): written by the collector only when consent allows statistics. The
  // visitor log id lives 400 days (SPEC §9 "some tracking ids"), the session log id 30 minutes
  // of inactivity (each page renews it).
  visitor_log: { maxAgeS: TRACKING_ID_S, category: 'statistics', httpOnly: false },
  session_log: { maxAgeS: 30 * MINUTE_S, category: 'statistics', httpOnly: false },
  // Where a visit came from: the referring site and partner for 30 days, ad click ids (gclid,
  // fbclid…) 400 days; only when consent allows marketing.
  referrer: { maxAgeS: 30 * DAY_S, category: 'marketing', httpOnly: false },
  ad_click: { maxAgeS: TRACKING_ID_S, category: 'marketing', httpOnly: false },
  // Issue 24: a visitor's live chat with Support — only the browser holding it can read or continue the chat.
  chat: { maxAgeS: 30 * DAY_S, category: 'necessary', httpOnly: true, hostPrefixed: true },
} as const satisfies Record<string, CookieEntry>;

export type CookiePurpose = keyof typeof PURPOSES;

/** Every cookie by name, with its purpose. */
export const COOKIES = {
  session: 'session',
  user_id: 'account',
  role: 'account',
  is_staff: 'account',
  is_admin: 'account',
  is_temp: 'account',
  country_id: 'account',
  balance: 'account',
  balance_fxcode: 'account',
  currency: 'currency',
  cart_session: 'cart',
  checkout_hash: 'checkout',
  frozen_cart: 'frozen_cart',
  consent: 'consent',
  last_search: 'search',
  from_id: 'search',
  from_slug: 'search',
  from_name: 'search',
  to_id: 'search',
  to_slug: 'search',
  to_name: 'search',
  search_date: 'search',
  search_date2: 'search',
  passengers: 'passengers',
  affiliate_id: 'affiliate',
  feature_flags: 'flags',
  language: 'language',
  visitor_log_id: 'visitor_log',
  session_log_id: 'session_log',
  referrer: 'referrer',
  ad_click_ids: 'ad_click',
  chat_session: 'chat',
} as const satisfies Record<string, CookiePurpose>;

export type CookieName = keyof typeof COOKIES;

export const COOKIE_NAMES = /* @__PURE__ */ Object.keys(COOKIES) as CookieName[];

/** A cookie's row: its purpose and what the purpose sets. */
export function cookieEntry(name: CookieName): CookieEntry & { purpose: CookiePurpose } {
  const purpose = COOKIES[name];
  return { purpose, ...PURPOSES[purpose] };
}

export function cookieMaxAge(name: CookieName): number {
  return PURPOSES[COOKIES[name]].maxAgeS;
}

/** A lifetime as the largest whole unit (1 year, 30 days, 1 day, 1 hour, 30 minutes) for the policy page. */
export function lifetimeUnit(maxAgeS: number): { value: number; unit: 'year' | 'day' | 'hour' | 'minute' } {
  if (maxAgeS % YEAR_S === 0) return { value: maxAgeS / YEAR_S, unit: 'year' };
  if (maxAgeS % DAY_S === 0) return { value: maxAgeS / DAY_S, unit: 'day' };
  if (maxAgeS % HOUR_S === 0) return { value: maxAgeS / HOUR_S, unit: 'hour' };
  return { value: Math.round(maxAgeS / MINUTE_S), unit: 'minute' };
}
