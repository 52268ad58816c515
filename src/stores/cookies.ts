/**
 * Reading and writing browser cookies for the stores (SPEC §3 cookies and §9 lifetimes). Only
 * cookies of the table in src/domain/cookieTable.ts can be written, with the table's lifetime.
 */
import { cookieMaxAge, type CookieName } from '../domain/cookieTable.ts';

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

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
