/**
 * Feature flags per visitor (issue 25): every page request gets the visitor's sticky variants
 * (cookie `feature_flags`, assigned on the first visit from the registry's shares) on
 * `Astro.locals.flags`; a results pair or station page whose flag gave this visitor `new` is
 * rerouted to its `/new` twin, the same URL in the address bar (SPEC §2). Pre-rendered pages
 * reach this only while a flag could swap them (scripts/serve.ts asks `needsServer`), so the
 * static files keep answering everyone when no flag is live.
 */
import { defineMiddleware } from 'astro:middleware';
import { assignVariants, FLAG_COOKIE, parseAssignments, serialiseAssignments, variantPath } from '../../domain/featureFlags.ts';
import { withSetCookie } from '../http/setCookie.ts';
import { loadFlags } from './registry.ts';

export const flagsMiddleware = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (context.isPrerendered || pathname.startsWith('/api/') || (context.request.method !== 'GET' && context.request.method !== 'HEAD'))
    return next();
  const flags = await loadFlags();
  const { assignments, cookie, changed } = assignVariants(flags, parseAssignments(context.cookies.get(FLAG_COOKIE)?.value));
  context.locals.flags = assignments;
  const target = variantPath(pathname, context.url.search, assignments);
  const response = target ? await next(target) : await next();
  return changed ? withSetCookie(response, { name: FLAG_COOKIE, value: serialiseAssignments(cookie) }) : response;
});
