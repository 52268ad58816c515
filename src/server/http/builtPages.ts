/**
 * Pages the build rendered, answered from inside the server for the requests scripts/serve.ts
 * sends here instead of to its static files (src/server/flags/routing.ts `needsServer`): on a
 * white-label partner's host, branded and cached (src/server/partners/pageCache.ts); on the main
 * host (a feature flag gave this visitor the classic page), as built. Runs after the flags
 * middleware, so a page rerouted to its `/new` twin is rendered instead.
 */
import { defineMiddleware } from 'astro:middleware';
import { BRAND } from '../../config/site.ts';
import { pageFlagFor } from '../../domain/featureFlags.ts';
import { messagesFor } from '../../i18n/messages.ts';
import { brandedBuiltPage, markBranded, readBuiltPage } from '../partners/pageCache.ts';
import { renderedPagesRoot } from '../renderedPages.ts';

export const builtPagesMiddleware = defineMiddleware(async (context, next) => {
  const root = renderedPagesRoot();
  const { method } = context.request;
  const { pathname } = context.url;
  const { partner, locale } = context.locals;
  // Other pages on the main host reached the server because the static files had none.
  if (!root || context.isPrerendered || (method !== 'GET' && method !== 'HEAD') || (!partner && !pageFlagFor(pathname))) return next();
  if (pathname.startsWith('/api/')) return next();
  const html = partner
    ? await brandedBuiltPage(root, pathname, { partner, localeCode: locale.code, messages: messagesFor(locale.code), siteName: BRAND.name })
    : await readBuiltPage(root, pathname);
  if (html === null) return next();
  const response = new Response(method === 'HEAD' ? null : html, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // The answer depends on the host and the visitor's flags: no shared cache may keep it.
      'cache-control': 'private, no-cache',
    },
  });
  return partner ? markBranded(response) : response;
});
