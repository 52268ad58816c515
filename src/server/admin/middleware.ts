/**
 * Admin's page overrides on the pages themselves (issue 22): a page whose address has search-engine
 * texts (admin/seo) or a published support article (admin/article) is rewritten on its way out —
 * the page rendered on request, or, for a page the build rendered (scripts/serve.ts sends it here
 * while it has an override, `hasPageOverride`), the built file. Runs before the built-pages
 * middleware, so a partner's branded copy is rewritten too. Pages without an override pass untouched.
 */
import { defineMiddleware } from 'astro:middleware';
import { applyArticleOverride, applySeoOverride } from '../../domain/content/pageOverride.ts';
import { readBuiltPage } from '../partners/pageCache.ts';
import { renderedPagesRoot } from '../renderedPages.ts';
import { loadPageOverrides, normalisePagePath } from './pageOverrides.ts';

export const pageOverridesMiddleware = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  const { method } = context.request;
  if (context.isPrerendered || pathname.startsWith('/api/') || (method !== 'GET' && method !== 'HEAD')) return next();
  const overrides = await loadPageOverrides().catch(() => undefined);
  const path = normalisePagePath(pathname);
  const seo = overrides?.seo.get(path);
  const article = overrides?.articlesByPath.get(path);
  if (!seo && !article) return next();

  const response = await next();
  let html: string | null = null;
  const headers = new Headers(response.headers);
  if (response.status === 200 && (response.headers.get('content-type') ?? '').includes('text/html')) html = await response.text();
  else if (response.status === 404) {
    // A pre-rendered page is not one of the server's routes: its built file is the page.
    const root = renderedPagesRoot();
    html = root ? await readBuiltPage(root, pathname) : null;
    headers.set('content-type', 'text/html; charset=utf-8');
  }
  if (html === null) return response;
  let out = article ? applyArticleOverride(html, article) : html;
  if (seo) out = applySeoOverride(out, seo);
  headers.delete('content-length');
  headers.delete('etag');
  // Admin may change the texts again any time: caches ask again.
  headers.set('cache-control', 'no-cache');
  return new Response(method === 'HEAD' ? null : out, { status: 200, headers });
});
