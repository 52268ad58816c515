/**
 * Reading and writing browser cookies for the stores (SPEC §3 cookies and §9 lifetimes). Only
 * cookies of the table in src/domain/cookieTable.ts can be written, with the table's lifetime.
 */
import { cookieMaxAge, type CookieName } from '../domain/cookieTable.ts';

export { readCookie } from './readCookie.ts';

/** Removes a cookie (any name: logout also clears cookies this site no longer sets). */
export function clearCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=; path=/; max-age=0; samesite=lax`;
}

export function writeCookie(name: CookieName, value: string | undefined): void {
  if (typeof document === 'undefined') return;
  const maxAgeS = cookieMaxAge(name);
  document.cookie =
    value === undefined || value === ''
      ? `${name}=; path=/; max-age=0; samesite=lax`
      : `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeS}; samesite=lax`;
}
