/**
 * The session cookie (HttpOnly: scripts never see the token) and the display cookies the
 * static pages' account menu reads (accountLinks.client.ts). The server never trusts the
 * display cookies; they only decide which links a static page shows.
 */
import { cookieMaxAge, type CookieName } from '../../domain/cookieTable.ts';
import type { AccountsDeps } from './deps.ts';
import { ABSOLUTE_TIMEOUT_MS, TEMP_TIMEOUT_MS, type UserRow } from './sessions.ts';

/** The cookies static pages read for a signed-in user (SPEC §3 user fields), kept one year (§9). */
export const DISPLAY_COOKIES = ['user_id', 'role', 'is_staff', 'is_admin', 'is_temp', 'country_id', 'balance', 'balance_fxcode'] as const;

export function sessionCookieName(secure: boolean): string {
  // `__Host-` pins the cookie to this host over https with path /: no subdomain can set it.
  return secure ? '__Host-session' : 'session';
}

export function parseCookies(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    try {
      out.set(name, decodeURIComponent(part.slice(i + 1).trim()));
    } catch {
      // A cookie we cannot decode is not one of ours.
    }
  }
  return out;
}

export function sessionTokenFrom(request: Request, deps: Pick<AccountsDeps, 'secureCookies'>): string | undefined {
  return parseCookies(request.headers.get('cookie')).get(sessionCookieName(deps.secureCookies));
}

function cookie(name: string, value: string, maxAgeS: number, options: { httpOnly: boolean; secure: boolean }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${maxAgeS}`, 'SameSite=Lax'];
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function signedInCookies(deps: Pick<AccountsDeps, 'secureCookies'>, token: string, user: UserRow, isTemp: boolean): string[] {
  // The session ends with the sign-in; the display cookies live the table's year (SPEC §9) and
  // are rewritten at every sign-in — the server never trusts them.
  const maxAge = Math.floor((isTemp ? TEMP_TIMEOUT_MS : ABSOLUTE_TIMEOUT_MS) / 1000);
  const secure = deps.secureCookies;
  const display: Record<(typeof DISPLAY_COOKIES)[number], string> = {
    user_id: String(user.id),
    role: user.role,
    is_staff: user.isStaff ? '1' : '0',
    is_admin: user.isAdmin ? '1' : '0',
    is_temp: isTemp ? '1' : '0',
    country_id: user.countryCode ?? '',
    balance: String(user.balanceMinor),
    balance_fxcode: user.balanceCurrency,
  };
  return [
    cookie(sessionCookieName(secure), token, maxAge, { httpOnly: true, secure }),
    // No country: the cookie goes (one from an earlier sign-in must not stay).
    ...Object.entries(display).map(([name, value]) =>
      cookie(name, value, value === '' ? 0 : cookieMaxAge(name as CookieName), { httpOnly: false, secure }),
    ),
  ];
}

export function signedOutCookies(deps: Pick<AccountsDeps, 'secureCookies'>): string[] {
  const secure = deps.secureCookies;
  return [
    cookie(sessionCookieName(secure), '', 0, { httpOnly: true, secure }),
    ...DISPLAY_COOKIES.map((name) => cookie(name, '', 0, { httpOnly: false, secure })),
  ];
}
