/**
 * What happens after login and at logout (SPEC §4, §6).
 */
import type { Role } from '../accountMenu.ts';
import { safeRef } from './ref.ts';

/**
 * Routes the client-side router knows (SPEC §2). A ref outside this list is still followed, but
 * with a full page load, because only the server knows what lives there.
 */
const KNOWN_ROUTES: readonly RegExp[] = [
  /^$/,
  /^\/(bus|ferry|train|van|flights|taxi|travel|avia|charter)(\/[^/]+){0,2}(\/new)?$/,
  /^\/(about|faq|operator|railpass|transport-options|travel-guides|checkout|profile|ticket|op)$/,
  /^\/profile\/(transaction|logout)$/,
  /^\/operator\/[^/]+$/,
  /^\/checkout\/[^/]+(\/step\/(passengers|confirmation))?$/,
  /^\/railpass\/[^/]+(\/[^/]+)*$/,
  /^\/station\/\d+-[^/]+$/,
  /^\/support(\/[^/]+)*$/,
  /^\/trip-page\/.+$/,
];

export function isKnownRoute(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const match = /^\/[a-z]{2}(\/.*)?$/.exec(pathname);
  if (!match) return false;
  const rest = (match[1] ?? '').replace(/\/+$/, '');
  return KNOWN_ROUTES.some((r) => r.test(rest));
}

export interface AfterLogin {
  /** client: navigate inside the app; full: a full page load. */
  mode: 'client' | 'full';
  href: string;
}

/** SPEC §4: only role user with a known ref is routed client-side; others get a full load. */
export function afterLoginNavigation(ref: string | null | undefined, role: Role, lang: string): AfterLogin {
  // A ref back to the login pages (the header's login link on the login page) would loop.
  const safe = safeRef(ref);
  const target = safe && /^\/[a-z]{2}\/login(?:[/?#]|$)/.test(safe) ? null : safe;
  if (target && role === 'user' && isKnownRoute(target)) return { mode: 'client', href: target };
  return { mode: 'full', href: target ?? `/${lang}` };
}

/** The display cookies the client clears at logout; a reseller also loses the reseller cookie. */
export const USER_COOKIES = ['user_id', 'role', 'is_staff', 'is_admin', 'balance', 'balance_fxcode', 'is_temp', 'country_id'] as const;

export function cookiesClearedAtLogout(role: Role | null): string[] {
  return role === 'reseller' ? [...USER_COOKIES, 'reseller'] : [...USER_COOKIES];
}
