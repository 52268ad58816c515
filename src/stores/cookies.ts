/**
 * Reading and writing browser cookies for the stores (SPEC §3 cookies and §9 lifetimes).
 */
export const ONE_YEAR_S = 60 * 60 * 24 * 365;

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

export function writeCookie(name: string, value: string | undefined, maxAgeS = ONE_YEAR_S): void {
  if (typeof document === 'undefined') return;
  document.cookie =
    value === undefined || value === ''
      ? `${name}=; path=/; max-age=0; samesite=lax`
      : `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeS}; samesite=lax`;
}
