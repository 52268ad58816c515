/**
 * Cookie consent (SPEC §4): four categories. A missing consent, or the legacy value -1, allows
 * everything; only a category explicitly set to false is blocked. Necessary is always on.
 */
import { z } from 'zod';

export const CONSENT_CATEGORIES = ['necessary', 'preferences', 'statistics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type Consent = Partial<Record<ConsentCategory, boolean | undefined>>;
export const CONSENT_COOKIE = 'consent';

const consentSchema = z
  .object({
    necessary: z.boolean().optional(),
    preferences: z.boolean().optional(),
    statistics: z.boolean().optional(),
    marketing: z.boolean().optional(),
  })
  .strip();

/** Parses the cookie value; anything unreadable counts as "no decision yet" (null). */
export function parseConsent(raw: string | null | undefined): Consent | -1 | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const text = decodeURIComponent(raw);
  if (text.trim() === '-1') return -1;
  try {
    const parsed = consentSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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
