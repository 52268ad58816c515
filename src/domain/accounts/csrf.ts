/**
 * Cross-site request check for state-changing API calls (Astro's checkOrigin covers only form
 * posts). Browsers send Origin on every cross-origin POST and Sec-Fetch-Site on every request;
 * a request with neither is not from a browser (the apps, server-to-server) and carries no
 * ambient cookies an attacker could borrow.
 */
export interface RequestFacts {
  method: string;
  origin: string | null;
  secFetchSite: string | null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isCrossSite(facts: RequestFacts, allowedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(facts.method.toUpperCase())) return false;
  if (facts.secFetchSite && facts.secFetchSite !== 'same-origin' && facts.secFetchSite !== 'none') return true;
  if (facts.origin !== null && !allowedOrigins.includes(facts.origin)) return true;
  return false;
}
