/**
 * E-mail suggestions (SPEC §9: up to 10 domains, hidden 300 ms after focus leaves): while a
 * traveller types an address, the common mail domains that complete what follows the "@".
 * Pure, so the islands and the tests share it; the list is short enough to ship in the island.
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
  return domains
    .filter((d) => d.startsWith(domain))
    .slice(0, MAX_EMAIL_SUGGESTIONS)
    .map((d) => `${local}@${d}`);
}
