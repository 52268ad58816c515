/**
 * A Set-Cookie added to an answer after the rest of the pipeline made it. Middleware that runs
 * before a reroute (`next('/other/path')`) cannot use `context.cookies`: the reroute starts a fresh
 * cookie jar for the new path, and what was set before is lost. Values here are ids and flag
 * lists from our own schemas, so no quoting is needed beyond URI encoding.
 */
import { parseServerEnv } from '../config.ts';

export interface CookieSpec {
  name: string;
  value: string;
  maxAgeS: number;
  httpOnly: boolean;
}

export function setCookieHeader(spec: CookieSpec): string {
  const secure = parseServerEnv().SITE_URL.startsWith('https:') ? '; Secure' : '';
  return `${spec.name}=${encodeURIComponent(spec.value)}; Path=/; Max-Age=${String(spec.maxAgeS)}; SameSite=Lax${spec.httpOnly ? '; HttpOnly' : ''}${secure}`;
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
