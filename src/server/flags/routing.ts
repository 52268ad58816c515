/**
 * The question scripts/serve.ts asks before its static files answer (issue 25): must this request
 * reach the server's middleware? Yes on a white-label partner's host (its look and words), and for
 * a results or station page while its flag can give this visitor the new variant. Answered from
 * the processes' in-memory registries, without waiting: the fast static path stays fast.
 */
import { flagIsLive, FLAG_COOKIE, NEW_PAGE_VARIANT, pageFlagFor, parseAssignments } from '../../domain/featureFlags.ts';
import { isKnownPartnerHost } from '../partners/registry.ts';
import { hasPageOverride } from '../admin/pageOverrides.ts';
import { currentFlags } from './registry.ts';

function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export function needsServer(host: string | undefined, pathname: string, cookieHeader: string | undefined): boolean {
  // Pages only: scripts, styles, images and fonts are the same for every host.
  if (isKnownPartnerHost(host) && !/\.[a-z0-9]+$/i.test(pathname)) return true;
  // Admin's search-engine texts or a published support article (issue 22): the server rewrites the page.
  if (hasPageOverride(pathname)) return true;
  const flagKey = pageFlagFor(pathname);
  if (!flagKey) return false;
  if (flagIsLive(currentFlags()?.find((f) => f.key === flagKey))) return true;
  // A visitor given the new page earlier keeps it (sticky) even after its share went to 0.
  return parseAssignments(cookieValue(cookieHeader, FLAG_COOKIE))[flagKey] === NEW_PAGE_VARIANT;
}
