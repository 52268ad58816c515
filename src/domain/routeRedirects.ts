/**
 * Route-level redirects managed by Admin (issue 25, SPEC §2 "Routes can carry a server-side
 * redirect (external jump if the target is absolute)"): an old or retired address answers with a
 * redirect to a page of the site, or jumps to another site when the target is an absolute URL.
 * Pure: the rules for what Admin may enter and where a request goes; the table, the in-memory
 * copy every process keeps and the hook in front of the static files live in src/server/redirects.
 */
import { z } from 'zod';

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export interface RouteRedirect {
  fromPath: string;
  target: string;
  status: RedirectStatus;
}

/**
 * The address a redirect answers for: a path of this site without query or fragment, compared
 * without a trailing slash. API calls and built assets are never redirected: the apps and the
 * pages' own scripts depend on them answering where they are.
 */
const fromPath = z
  .string()
  .trim()
  .min(2)
  .max(300)
  .regex(/^\/[^\s?#]*$/, 'path')
  .refine((path) => !path.startsWith('//'), 'path')
  .refine((path) => !/^\/(?:api|_astro)(?:\/|$)/.test(path), 'reserved')
  .transform(normalisePath);

/** Where it goes: a path of this site (a query is allowed), or an absolute http(s) URL of another. */
const target = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((value) => (value.startsWith('/') ? !value.startsWith('//') && !/\s/.test(value) : isHttpUrl(value)), 'target');

export const routeRedirectInput = z
  .object({
    fromPath,
    target,
    status: z.coerce
      .number()
      .int()
      .refine((n): n is RedirectStatus => (REDIRECT_STATUSES as readonly number[]).includes(n), 'status'),
  })
  .refine((r) => !r.target.startsWith('/') || normalisePath(r.target.split(/[?#]/)[0] ?? '') !== r.fromPath, {
    message: 'loop',
    path: ['target'],
  });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Compared decoded (Admin types `/fr/gare-routière`, a browser asks `/fr/gare-routi%C3%A8re`) and without a trailing slash. */
export function normalisePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // Not valid percent-encoding: compared as it came (serve.ts refuses such addresses earlier).
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') || '/' : decoded;
}

export function isExternalTarget(target: string): boolean {
  return !target.startsWith('/');
}

/**
 * The answer for a request, or null when no redirect matches. A target on this site without a
 * query of its own keeps the request's query (a campaign's parameters survive the move); an
 * external target is used exactly as Admin wrote it.
 */
export function redirectFor(
  redirects: ReadonlyMap<string, RouteRedirect>,
  pathname: string,
  search: string,
): { location: string; status: RedirectStatus } | null {
  const found = redirects.get(normalisePath(pathname));
  if (!found) return null;
  if (isExternalTarget(found.target) || found.target.includes('?') || search === '' || search === '?')
    return { location: found.target, status: found.status };
  return { location: `${found.target}${search.startsWith('?') ? search : `?${search}`}`, status: found.status };
}
