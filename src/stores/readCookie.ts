/**
 * Reading a browser cookie, alone in its module: the page shell's scripts read cookies and must
 * not carry the cookie table that writing needs (src/stores/cookies.ts).
 */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}
