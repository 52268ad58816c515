/**
 * A Set-Cookie added to an answer after the rest of the pipeline made it. Middleware that runs
 * before a reroute (`next('/other/path')`) cannot use `context.cookies`: the reroute starts a fresh
 * cookie jar for the new path, and what was set before is lost. Values here are ids and flag
 * lists from our own schemas, so no quoting is needed beyond URI encoding.
 */
import { cookieEntry, type CookieName } from '../../domain/cookieTable.ts';
import { parseServerEnv } from '../config.ts';

/** A cookie of the table (src/domain/cookieTable.ts), which gives its lifetime and HttpOnly. */
export interface CookieSpec {
  name: CookieName;
  value: string;
}

export function setCookieHeader(spec: CookieSpec): string {
  const { maxAgeS, httpOnly, hostPrefixed } = cookieEntry(spec.name);
  const https = parseServerEnv().SITE_URL.startsWith('https:');
  const secure = https ? '; Secure' : '';
  // `__Host-` over https where the table asks for it: pinned to this host and path /.
  const name = hostPrefixed && https ? `__Host-${spec.name}` : spec.name;
  return `${name}=${encodeURIComponent(spec.value)}; Path=/; Max-Age=${String(maxAgeS)}; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}${secure}`;
}

export function withSetCookie(response: Response, spec: CookieSpec): Response {
  const cookie = setCookieHeader(spec);
  try {
    response.headers.append('set-cookie', cookie);
    return response;
  } catch {
    // Immutable headers (a fetched answer): copy them.
    const headers = new Headers(response.headers);
    headers.append('set-cookie', cookie);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
