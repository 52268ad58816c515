/**
 * Which Host a request may carry (src/server/http/hostCheck.ts applies it): on a production
 * site (SITE_URL on https) only SITE_URL's own host; in development any.
 */
/** True when a request with this Host header may be served under SITE_URL. */
export function hostAllowed(hostHeader: string | null | undefined, siteUrl: string): boolean {
  const site = new URL(siteUrl);
  if (site.protocol !== 'https:') return true;
  if (!hostHeader) return false;
  // `host` of a URL drops the default port, as browsers send it for https.
  return hostHeader.toLowerCase() === site.host.toLowerCase();
}
