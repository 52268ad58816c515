/**
 * Security headers on every answer of the server — built files and Astro's alike (issue 16,
 * item 4). Pre-rendered pages are files served by staticFiles.ts, so these cannot live in Astro's
 * middleware alone.
 *
 * - Content-Security-Policy (header part): `frame-ancestors 'none'` (no page can be framed: the
 *   pay page, the ticket's cancel form and the gateway's card form included), `object-src
 *   'none'`, `base-uri 'self'`. Scripts and styles are restricted by Astro's policy
 *   (`security.csp` in astro.config.mjs: hashes of its own inline scripts and styles), which a
 *   pre-rendered page carries in a meta tag — a browser enforces both policies — and an
 *   on-demand page as its own header, into which the directives above are merged.
 * - X-Frame-Options DENY for browsers without frame-ancestors; X-Content-Type-Options nosniff.
 * - Referrer-Policy: same-origin on private pages (their URLs carry cart hashes and ticket
 *   tokens: no other site ever gets a Referer from them), strict-origin-when-cross-origin
 *   elsewhere. Not no-referrer: under it a browser sends `Origin: null` with a form post, and the
 *   cross-site check then refuses the gateway's card form and the ticket's cancel form.
 * - Permissions-Policy: no camera, microphone, geolocation, payment handler, USB or topics.
 * - Cross-Origin-Opener-Policy same-origin-allow-popups (Google sign-in opens a popup).
 * - Strict-Transport-Security when the site is served over https (SITE_URL).
 * - Cache-Control no-store on every answer that sets a cookie, on private pages, and on API
 *   answers that do not choose their own caching (the public search and network answers do).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export const HEADER_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';
const HSTS = 'max-age=31536000; includeSubDomains';

/** `policy` with every directive of `extra` it does not set itself (a directive's first value wins). */
export function mergeCsp(policy: string, extra: string): string {
  const names = new Set(policy.split(';').map((d) => d.trim().split(/\s+/)[0]?.toLowerCase()));
  const missing = extra
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !names.has(d.split(/\s+/)[0]?.toLowerCase()));
  return [policy.trim().replace(/;$/, ''), ...missing].filter(Boolean).join('; ');
}

/** Pages that show a traveller's booking, account or payment, or carry a token in their URL. */
const PRIVATE_PAGE = /^\/[^/]+\/(?:add-to-cart|checkout|pay|payment-status|order|ticket|profile|login)(?:\/|$)|^\/sandbox-gateway\//;

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PAGE.test(pathname);
}

/** The headers every answer to `pathname` starts with. */
export function securityHeaders(pathname: string, options: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': HEADER_CSP,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': isPrivatePath(pathname) ? 'same-origin' : 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    ...(options.https ? { 'strict-transport-security': HSTS } : {}),
  };
}

/** Whether an answer must not be stored by any cache. */
export function mustNotStore(pathname: string, headers: { setsCookie: boolean; cacheControl: string | undefined }): boolean {
  if (headers.setsCookie || isPrivatePath(pathname)) return true;
  return pathname.startsWith('/api/') && headers.cacheControl === undefined;
}

/**
 * Sets the security headers on `res` and makes sure, when the answer's head is written, that a
 * private answer carries Cache-Control: no-store (whatever the handler said).
 */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse, options: { https: boolean }): void {
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  const pathname = queryAt >= 0 ? url.slice(0, queryAt) : url;
  for (const [name, value] of Object.entries(securityHeaders(pathname, options))) res.setHeader(name, value);

  const writeHead = res.writeHead.bind(res);
  res.writeHead = (status: number, ...rest: unknown[]) => {
    const message = typeof rest[0] === 'string' ? rest[0] : undefined;
    const headers = rest.find((r): r is OutgoingHttpHeaders => typeof r === 'object' && r !== null && !Array.isArray(r));
    if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    const csp = res.getHeader('content-security-policy');
    if (typeof csp === 'string' && csp !== HEADER_CSP) res.setHeader('content-security-policy', mergeCsp(csp, HEADER_CSP));
    const cacheControl = res.getHeader('cache-control');
    if (
      mustNotStore(pathname, {
        setsCookie: res.hasHeader('set-cookie'),
        cacheControl: cacheControl === undefined ? undefined : String(cacheControl),
      })
    )
      res.setHeader('cache-control', 'no-store');
    return message === undefined ? writeHead(status) : writeHead(status, message);
  };
}
