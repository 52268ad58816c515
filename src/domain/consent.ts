/**
 * Cookie consent (SPEC §4): four categories. A missing consent, or the legacy value -1, allows
 * everything; only a category explicitly set to false is blocked. Necessary is always on.
 */
export const CONSENT_CATEGORIES = ['necessary', 'preferences', 'statistics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type Consent = Partial<Record<ConsentCategory, boolean | undefined>>;
export const CONSENT_COOKIE = 'consent';
/** Dispatched on document by the consent bar after it stores a new choice (the analytics collector follows it). */
export const CONSENT_CHANGED = 'consent-changed';
/** The consent choice is kept one year (SPEC §9), as the cookie table (cookieTable.ts) lists it (its test checks). */
export const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Parses the cookie value; anything unreadable counts as "no decision yet" (null). */
export function parseConsent(raw: string | null | undefined): Consent | -1 | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const text = decodeURIComponent(raw);
  if (text.trim() === '-1') return -1;
  // Checked by hand rather than with zod: this runs in the cookie banner on every page, where
  // zod would add about 23 KB of JavaScript (gzipped) to pages that otherwise ship almost none.
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const consent: Consent = {};
  for (const category of CONSENT_CATEGORIES) {
    const flag = (value as Record<string, unknown>)[category];
    if (flag === undefined) continue;
    if (typeof flag !== 'boolean') return null;
    consent[category] = flag;
  }
  return consent;
}

export function isCategoryAllowed(consent: Consent | -1 | null, category: ConsentCategory): boolean {
  if (category === 'necessary') return true;
  if (consent === null || consent === -1) return true;
  return consent[category] !== false;
}

/** Whether the visitor has made a choice (the banner hides once they have). */
export function hasDecided(consent: Consent | -1 | null): boolean {
  return consent !== null;
}

export function serializeConsent(consent: Record<ConsentCategory, boolean>): string {
  return encodeURIComponent(JSON.stringify({ ...consent, necessary: true }));
}
