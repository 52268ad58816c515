/**
 * Accounts in the request pipeline:
 * 1. Cross-site check for every state-changing request, API calls and form-posting pages alike
 *    (src/domain/accounts/csrf.ts; it replaces Astro's checkOrigin, whose plain-text 403 came
 *    before any middleware): refused with the error envelope, code `cross_site`.
 * 2. The route guards of SPEC §2 for guarded pages: the session is looked up in the database
 *    (never from the display cookies) and put on `locals.session` for the page.
 */
import { defineMiddleware } from 'astro:middleware';
import { isCrossSite } from '../../domain/accounts/csrf.ts';
import { guardFor, guardRedirect } from '../../domain/accounts/guards.ts';
import { apiError } from '../api/errors.ts';
import { parseServerEnv } from '../config.ts';
import { sessionCookieName } from './cookies.ts';
import { getAccountsDeps } from './deps.ts';
import { findSession } from './sessions.ts';
import { hasValidTicketLink } from '../tickets/links.ts';

let siteOrigin: string | undefined;
const ONE_CLICK_UNSUBSCRIBE = /^\/api\/nuxt\/[^/]+\/unsubscribe$/;
/**
 * The local finAPI sandbox's OAuth token call: a form POST server to server (finAPI's published
 * shape), made by this shop's own client with no Origin; it stands in for another host, uses no
 * cookies, and the client secret and password in its body are the whole proof.
 */
const FINAPI_SANDBOX_TOKEN = /^\/sandbox-finapi\/api\/v2\/oauth\/token$/;

export const accountsMiddleware = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const { url, request } = context;
  const secFetchSite = request.headers.get('sec-fetch-site');
  siteOrigin ??= new URL(parseServerEnv().SITE_URL).origin;
  const crossSite = isCrossSite(
    {
      method: request.method,
      origin: request.headers.get('origin'),
      secFetchSite,
      contentType: request.headers.get('content-type'),
    },
    [url.origin, siteOrigin],
  );
  // The RFC 8058 one-click unsubscribe is a form POST from the mail provider's servers: no Origin
  // of ours, no cookies used; its signed hash is the whole proof (server/mail/api.ts).
  if (crossSite && !ONE_CLICK_UNSUBSCRIBE.test(url.pathname) && !FINAPI_SANDBOX_TOKEN.test(url.pathname))
    return apiError(context.locals.t, 'cross_site');
  if (url.pathname.startsWith('/api/')) {
    // GET logout changes state too: a link on another site must not sign the user out.
    if (url.pathname.endsWith('/logout') && secFetchSite === 'cross-site') return apiError(context.locals.t, 'cross_site');
    return next();
  }
  const guard = guardFor(url.pathname);
  if (!guard) return next();
  // A signed ticket link is a temporary authentication of its own, for guests without an account.
  if (guard === 'temp-auth-restricted' && hasValidTicketLink(url, Date.now())) return next();
  const deps = await getAccountsDeps();
  const session = await findSession(deps, context.cookies.get(sessionCookieName(deps.secureCookies))?.value);
  context.locals.session = session;
  const user = session ? { id: session.user.id, role: session.user.role, isTemp: session.isTemp } : null;
  const target = guardRedirect(context.locals.locale.segment, url.pathname, url.pathname + url.search, user);
  if (target) {
    const response = context.redirect(target, 302);
    response.headers.set('cache-control', 'no-store');
    return response;
  }
  return next();
});
