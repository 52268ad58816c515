/**
 * Outgoing URLs come from configuration, never from the request (issue 16 item 3). Every
 * absolute URL the server makes is built on SITE_URL (`siteOrigin()` in src/server/config.ts);
 * on top of that, a production site (SITE_URL on https) refuses a request whose Host is not
 * SITE_URL's host, so no code path can be fed a host of the caller's choosing. Development
 * (http) answers any Host: the site is reached as localhost, 127.0.0.1 or a LAN address.
 * White-label partners' hosts (src/server/partners/) are Admin's list of further names served.
 */
import { defineMiddleware } from 'astro:middleware';
import { apiError } from '../api/errors.ts';
import { parseServerEnv } from '../config.ts';
import { hostAllowed } from './allowedHost.ts';

export const hostMiddleware = defineMiddleware((context, next) => {
  // A white-label partner's host (issue 25) is one of ours: the partner middleware found it.
  if (context.isPrerendered || context.locals.partner || hostAllowed(context.request.headers.get('host'), parseServerEnv().SITE_URL))
    return next();
  // 421 Misdirected Request: this server does not serve that name.
  if (context.url.pathname.startsWith('/api/')) return apiError(context.locals.t, 'unknown_host');
  return new Response(context.locals.t('apiError.unknown_host'), {
    status: 421,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
});
