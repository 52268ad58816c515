/**
 * A request on a white-label partner's host (issue 25): the partner goes on `Astro.locals`, its
 * translation overrides are merged over the locale's messages (so pages and islands rendered on
 * request say the partner's words), the first visit gets the `affiliate_id` cookie, and pages the
 * build rendered are answered branded from pageCache.ts instead of the static files (scripts/serve.ts
 * sends partner hosts here). Every HTML answer on a partner host goes through brandHtml().
 */
import { defineMiddleware } from 'astro:middleware';
import { BRAND } from '../../config/site.ts';
import { ENGLISH } from '../../i18n/messages.ts';
import { createTranslator } from '../../i18n/translate.ts';
import { withSetCookie } from '../http/setCookie.ts';
import { AFFILIATE_COOKIE } from './attribution.ts';
import { brandHtml } from './brandHtml.ts';
import { isBranded } from './pageCache.ts';
import { overridesFor } from './partner.ts';
import { partnerForHost } from './registry.ts';

export const partnerMiddleware = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const partner = await partnerForHost(context.request.headers.get('host'));
  if (!partner) return next();
  const { locals } = context;
  const siteMessages = locals.messages;
  locals.partner = partner;
  const overrides = overridesFor(partner, locals.locale.code);
  if (Object.keys(overrides).length > 0) {
    locals.messages = { ...siteMessages, ...overrides };
    locals.t = createTranslator(locals.locale.code, locals.messages, ENGLISH);
  }
  const firstVisit = !context.cookies.has(AFFILIATE_COOKIE);
  const answer = await next();
  // Set after the rest of the pipeline: a reroute further down starts a fresh cookie jar.
  const response = firstVisit ? withSetCookie(answer, { name: AFFILIATE_COOKIE, value: partner.affiliateId }) : answer;
  if (isBranded(response) || !(response.headers.get('content-type') ?? '').startsWith('text/html') || response.body === null)
    return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.append('vary', 'Host');
  const brand = { partner, localeCode: locals.locale.code, messages: siteMessages, siteName: BRAND.name };
  return new Response(brandHtml(await response.text(), brand), { status: response.status, statusText: response.statusText, headers });
});
