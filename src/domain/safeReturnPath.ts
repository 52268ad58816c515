/**
 * The one rule for where the site may send a visitor back to (issue 16 item 6): the login and
 * 2FA `ref`, the currency form's `returnTo`, every `ref`. Only a path on this site passes, and
 * it is returned the way a browser will read it, so what was checked is what is followed.
 *
 * Browsers are lenient where a naive check is strict: they read `\` as `/`, drop tabs and
 * newlines inside URLs, and resolve `/..//host` to `//host` — each turns a "path" into another
 * site. So the value is refused outright when it has any backslash, control character or
 * whitespace, or an encoded slash or backslash; what is left is resolved against a placeholder
 * origin exactly as a browser would, and must stay on that origin and not start with `//`.
 */
const PLACEHOLDER = 'https://return-path.invalid';
const MAX_LENGTH = 2000;

// Backslash, and every Unicode space, line/paragraph separator or invisible format character.
const FORBIDDEN = /[\\\s\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]/u;

/** ASCII control characters and DEL (checked by code point: a regex range of them is a lint error). */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
// An encoded slash or backslash can be decoded by a proxy or a later redirect into `//` or `\`.
const ENCODED_SEPARATOR = /%(2f|5c)/i;

export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (FORBIDDEN.test(value) || hasControlCharacter(value) || ENCODED_SEPARATOR.test(value)) return null;
  let resolved: URL;
  try {
    resolved = new URL(value, PLACEHOLDER);
  } catch {
    return null;
  }
  if (resolved.origin !== PLACEHOLDER) return null;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // `/..//evil.example` resolves to the path `//evil.example`: a protocol-relative URL again.
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}
