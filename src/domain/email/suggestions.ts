/**
 * E-mail suggestions (SPEC §9: up to 10 domains, hidden 300 ms after focus leaves): while a
 * traveller types an address, the common mail domains that complete what follows the "@".
 * A domain that completes none of them but is one or two slips from one (`gmial.com`) gets
 * that one offered instead. Pure, so the islands and the tests share it; the list is short enough to ship in the island.
 */

/** Common mail domains of the site's travellers, most used first (the order they are offered in). */
export const COMMON_EMAIL_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'live.com',
  'qq.com',
  'naver.com',
  'yahoo.co.th',
  'hotmail.co.th',
  'gmx.de',
  'web.de',
  'mail.ru',
  'yandex.ru',
  'proton.me',
] as const;

/** SPEC §9: at most this many suggestions. */
export const MAX_EMAIL_SUGGESTIONS = 10;
/** SPEC §9: the list stays this long after focus leaves the field, so a click on a suggestion lands. */
export const EMAIL_SUGGESTIONS_HIDE_MS = 300;

/**
 * The full addresses to offer for what is typed: nothing before an "@" with something in front
 * of it, nothing once the domain typed is one of the list (or matches none of them).
 */
export function emailSuggestions(typed: string, domains: readonly string[] = COMMON_EMAIL_DOMAINS): string[] {
  const value = typed.trim();
  const at = value.lastIndexOf('@');
  if (at < 1 || value.indexOf('@') !== at) return [];
  const local = value.slice(0, at);
  const domain = value.slice(at + 1).toLowerCase();
  if (/\s/.test(local) || domains.includes(domain)) return [];
  const completions = domains.filter((d) => d.startsWith(domain));
  // A finished-looking domain that completes none of the list: offer the one it is likely a typo of.
  const corrected = completions.length === 0 ? likelyDomain(domain, domains) : undefined;
  return (corrected ? [corrected] : completions).slice(0, MAX_EMAIL_SUGGESTIONS).map((d) => `${local}@${d}`);
}

/** Typos this far from a listed domain are offered its correction (`gmial.com` → `gmail.com`). */
const MAX_TYPO_DISTANCE = 2;

/**
 * The listed domain a typed one most likely misspells: only for a domain with a dot (typing is
 * over), within MAX_TYPO_DISTANCE edits and closer than a third of its length (so `me.com` is not
 * taken for `qq.com`); the first of the list wins a tie.
 */
export function likelyDomain(typed: string, domains: readonly string[] = COMMON_EMAIL_DOMAINS): string | undefined {
  if (!typed.includes('.') || domains.includes(typed)) return undefined;
  let best: { domain: string; distance: number } | undefined;
  for (const domain of domains) {
    const distance = editDistance(typed, domain);
    if (distance <= MAX_TYPO_DISTANCE && distance * 3 < domain.length && (!best || distance < best.distance)) best = { domain, distance };
  }
  return best?.domain;
}

/** Insertions, deletions, substitutions and swaps of two neighbours (the commonest slip: `gmial`) to turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, at(i - 2, j - 2) + 1);
      const row = rows[i];
      if (row) row[j] = value;
    }
  }
  return at(a.length, b.length);
}
