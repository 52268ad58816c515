/**
 * Authentication levels (SPEC §4) and the route guards of SPEC §2, as one pure decision the
 * server middleware applies to every on-demand page.
 */
import type { Role } from '../accountMenu.ts';
import { loginPath } from './ref.ts';

/** 0 unauthenticated, 1 temporarily authenticated (a ticket link), 2 fully authenticated. */
export type AuthLevel = 0 | 1 | 2;

export interface SessionUser {
  id: number;
  role: Role;
  isTemp: boolean;
}

export function authLevel(user: SessionUser | null): AuthLevel {
  if (!user) return 0;
  return user.isTemp ? 1 : 2;
}

export type GuardKind =
  'auth-restricted' | 'staff-restricted' | 'temp-auth-restricted' | 'not-auth-restricted' | 'reseller-user-check-restricted';

/** Which guard a path (without the query) falls under, if any. */
export function guardFor(pathname: string): GuardKind | null {
  const rest = pathname.replace(/^\/[^/]+/, '').replace(/\/+$/, '');
  if (rest === '/profile' || rest.startsWith('/profile/') || rest === '/support/help/booking-list') return 'auth-restricted';
  // The operators area: signed in first; the page then checks the role and two-factor (src/server/ops/access.ts).
  if (rest === '/op' || rest.startsWith('/op/')) return 'staff-restricted';
  if (rest === '/ticket' || rest.startsWith('/ticket/')) return 'temp-auth-restricted';
  if (rest === '/login/2fa') return 'not-auth-restricted';
  if (rest === '/login') return 'reseller-user-check-restricted';
  return null;
}

/**
 * Where to send the visitor instead, or null to let the page render.
 * `pathWithQuery` becomes the ref, so after signing in the visitor lands where they were going.
 */
export function guardRedirect(lang: string, pathname: string, pathWithQuery: string, user: SessionUser | null): string | null {
  const level = authLevel(user);
  switch (guardFor(pathname)) {
    case 'auth-restricted':
      return level === 2 ? null : loginPath(lang, pathWithQuery);
    case 'staff-restricted':
      return level === 2 ? null : loginPath(lang, pathWithQuery);
    case 'temp-auth-restricted':
      return level >= 1 ? null : loginPath(lang, pathWithQuery);
    case 'not-auth-restricted':
      return level === 2 ? `/${lang}` : null;
    case 'reseller-user-check-restricted':
      return user?.role === 'reseller' && level === 2 ? `/${lang}` : null;
    case null:
      return null;
  }
}
