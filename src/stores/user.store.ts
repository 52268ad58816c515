/**
 * The signed-in user as the browser knows it: the display cookies the server writes at sign-in
 * (src/server/accounts/cookies.ts, SPEC §3 user fields) read into one typed value. Static pages
 * are the same for everyone, so their scripts learn who is signed in only from these cookies.
 * Nothing here is trusted by the server (it checks the session); a cookie that does not read as
 * the server writes it is ignored field by field, never guessed: an unknown role is `user`, a
 * flag is set only by `1`, a country only by an ISO 3166-1 alpha-2 code.
 *
 * Parsed by hand rather than with zod: the page shell loads this on every page and must stay small.
 */
import type { MenuUser, Role } from '../domain/accountMenu.ts';

const ROLES: readonly Role[] = ['user', 'reseller', 'admin', 'manager', 'support'];

/** SPEC §4 authentication levels: 0 none, 1 temporarily authenticated (a user id with isTemp), 2 fully. */
export type AuthLevel = 0 | 1 | 2;

export interface BrowserUser extends MenuUser {
  id: number;
  /** `is_admin`: the account administers the site (the operators' area is theirs whatever the role says). */
  isAdmin: boolean;
  /** `is_temp`: signed in by a one-time link or a guest booking's e-mail, not a password (SPEC §4 level 1). */
  isTemp: boolean;
  /** `country_id`: the country the account gave (ISO 3166-1 alpha-2), for defaults such as nationality. */
  countryCode: string | null;
}

export function userFromCookies(cookies: ReadonlyMap<string, string>): BrowserUser | null {
  const idText = cookies.get('user_id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : NaN;
  if (!Number.isSafeInteger(id)) return null;
  const roleCookie = cookies.get('role') ?? 'user';
  const role = (ROLES as readonly string[]).includes(roleCookie) ? (roleCookie as Role) : 'user';
  const balanceText = cookies.get('balance') ?? '';
  const balance = /^-?\d{1,15}$/.test(balanceText)
    ? { minor: Number(balanceText), fxcode: cookies.get('balance_fxcode') ?? 'USD' }
    : undefined;
  const country = (cookies.get('country_id') ?? '').toUpperCase();
  return {
    id,
    role,
    isStaff: cookies.get('is_staff') === '1',
    isAdmin: cookies.get('is_admin') === '1',
    isTemp: cookies.get('is_temp') === '1',
    countryCode: /^[A-Z]{2}$/.test(country) ? country : null,
    balance,
  };
}

export function authLevel(user: BrowserUser | null): AuthLevel {
  if (!user) return 0;
  return user.isTemp ? 1 : 2;
}

/** Every cookie the page can read, by name (a cookie that does not decode is left out). */
export function documentCookies(cookieString: string = typeof document === 'undefined' ? '' : document.cookie): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of cookieString.split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    try {
      out.set(part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim()));
    } catch {
      // not one of ours
    }
  }
  return out;
}

/** The signed-in user of this page, from its cookies now. */
export function currentUser(): BrowserUser | null {
  return userFromCookies(documentCookies());
}
