/**
 * Cross-site request check for every state-changing request the server answers: API calls and
 * the pages that take a form post (ticket cancel, gateway card form). It replaces Astro's
 * `security.checkOrigin` (off in astro.config.mjs), whose refusal is a plain-text 403 sent before
 * any middleware, so an /api/ caller would not get the JSON error envelope.
 *
 * Browsers send Origin on every cross-origin POST and Sec-Fetch-Site on every request. A request
 * with neither is not from a current browser (the apps, server-to-server) and carries no ambient
 * cookies an attacker could borrow — except that a form post, the one cross-site write an older
 * browser makes without a preflight, must name an allowed Origin (as Astro's check required).
 */
export interface RequestFacts {
  method: string;
  origin: string | null;
  secFetchSite: string | null;
  contentType?: string | null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The content types an HTML form (or a no-cors fetch) may send to another site without a preflight. */
const FORM_CONTENT_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

function isFormPost(contentType: string | null | undefined): boolean {
  const essence = contentType?.split(';', 1)[0]?.trim().toLowerCase();
  return essence !== undefined && FORM_CONTENT_TYPES.has(essence);
}

export function isCrossSite(facts: RequestFacts, allowedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(facts.method.toUpperCase())) return false;
  if (facts.secFetchSite && facts.secFetchSite !== 'same-origin' && facts.secFetchSite !== 'none') return true;
  if (facts.origin !== null && !allowedOrigins.includes(facts.origin)) return true;
  if (facts.origin === null && isFormPost(facts.contentType)) return true;
  return false;
}
