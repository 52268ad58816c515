/**
 * SPEC §7 Support calls: `support`, `support/articles`, `support/article` answer from the same
 * content store as the static /{lang}/support pages (the request's language, English fallback,
 * `fallback: true` when it is the English text); `support/send-case` opens a case.
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { SUPPORT_CONTACT } from '../../config/support.ts';
import { categoryKey, slugSchema, SUPPORT_CATEGORIES } from '../../domain/content/schemas.ts';
import { localeBySegment, resolveSegment, type Locale } from '../../i18n/locales.ts';
import { ApiError } from '../api/errors.ts';
import { endpoints, json, NO_STORE, parseInput, readJson } from '../api/http.ts';
import { allArticles, articlePath, contentStore, localArticle, type LocalizedEntry, type SupportEntry } from '../content/store.ts';
import { translatorFor } from './mails.ts';
import { plainTextToHtml } from '../../domain/content/pageOverride.ts';
import { loadPageOverrides } from '../admin/pageOverrides.ts';
import { openCase, sendCaseBody } from './cases.ts';
import { getSupportDeps, type SupportDeps } from './deps.ts';
import { casePath } from './links.ts';
import { requestSession } from './session.ts';
import { dataKey } from '../../i18n/messageKeys.ts';

type Ctx = Pick<APIContext, 'url' | 'params' | 'request'>;

/** The {lang} of /api/nuxt/{lang}/…, by SPEC §5's rules (the middleware resolves `api` paths to English). */
function requestLocale(ctx: Ctx): Locale {
  return localeBySegment(resolveSegment(ctx.params.lang));
}

/** Articles from content/ change only with a deploy. */
const CONTENT_CACHE = { 'cache-control': 'public, max-age=300' };
/** An article published from the operators area may change again any minute. */
const PUBLISHED_CACHE = { 'cache-control': 'public, max-age=30' };

export const articlesQuery = z.object({ category: z.enum(SUPPORT_CATEGORIES).optional() }).strict();
export const articleQuery = z
  .object({
    slug: slugSchema.optional(),
    /** The article's address under /support/, e.g. `payment-and-refund/double-charge`. */
    path: z
      .string()
      .regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/)
      .max(120)
      .optional(),
  })
  .strict()
  .refine((q) => (q.slug === undefined) !== (q.path === undefined), { message: 'slug_or_path', path: ['slug'] });

function summaryOf(article: LocalizedEntry<SupportEntry>, locale: Locale) {
  return {
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    category: article.entry.data.category,
    faq: article.entry.data.faq,
    updated: article.entry.data.updated.toISOString().slice(0, 10),
    lang: article.fallback ? 'en' : locale.code,
    fallback: article.fallback,
    url: `/${locale.segment}/support/${articlePath(article)}`,
  };
}

export function supportApi(deps: () => Promise<SupportDeps> = getSupportDeps) {
  return endpoints({
    /** GET support: the help centre's sections, the frequent questions and how to reach Support. */
    async support(ctx: Ctx): Promise<Response> {
      const locale = requestLocale(ctx);
      const t = translatorFor(locale.segment);
      const articles = allArticles(await contentStore(), locale.code);
      return json(
        {
          categories: SUPPORT_CATEGORIES.map((category) => ({
            key: category,
            title: t(dataKey('content.category.', categoryKey(category))),
            text: t(dataKey('content.category.', `${categoryKey(category)}Text`)),
            articles: articles.filter((a) => a.entry.data.category === category).length,
            url: `/${locale.segment}/support/${category}`,
          })),
          popular: articles.filter((a) => a.entry.data.faq).map((a) => summaryOf(a, locale)),
          contact: {
            email: SUPPORT_CONTACT.email,
            hours: SUPPORT_CONTACT.hours,
            help_url: `/${locale.segment}/support/help`,
            contact_url: `/${locale.segment}/support/contact`,
          },
        },
        200,
        CONTENT_CACHE,
      );
    },

    /** GET support/articles[?category=]: every article (of one section), in the site's order. */
    async articles(ctx: Ctx): Promise<Response> {
      const locale = requestLocale(ctx);
      const { category } = parseInput(articlesQuery, Object.fromEntries(ctx.url.searchParams), 'invalid_query');
      const articles = allArticles(await contentStore(), locale.code).filter((a) => !category || a.entry.data.category === category);
      return json({ articles: articles.map((a) => summaryOf(a, locale)) }, 200, CONTENT_CACHE);
    },

    /** GET support/article?slug= or ?path=: one article with its HTML. */
    async article(ctx: Ctx): Promise<Response> {
      const locale = requestLocale(ctx);
      const query = parseInput(articleQuery, Object.fromEntries(ctx.url.searchParams), 'invalid_query');
      const store = await contentStore();
      const slug = query.slug ?? store.support.slugs.find((s) => (store.support.get(s, 'en')?.data.path ?? s) === query.path) ?? undefined;
      const article = slug ? localArticle(store, slug, locale.code) : undefined;
      if (!article) throw new ApiError('unknown_document');
      // An edit published from the operators area (admin/article) wins over the file, without a deploy.
      const published = (await loadPageOverrides()).articlesBySlug.get(`${article.slug}|${locale.code}`);
      if (published)
        return json(
          {
            ...summaryOf(article, locale),
            title: published.title,
            summary: published.summary,
            lang: locale.code,
            fallback: false,
            updated: published.updatedAt.toISOString().slice(0, 10),
            html: plainTextToHtml(published.body),
          },
          200,
          PUBLISHED_CACHE,
        );
      return json({ ...summaryOf(article, locale), html: article.html }, 200, CONTENT_CACHE);
    },

    /** POST support/send-case: opens a case; the answer names it and the thread's signed address. */
    async sendCase(ctx: Ctx): Promise<Response> {
      const locale = requestLocale(ctx);
      const input = parseInput(sendCaseBody, await readJson(ctx.request), 'invalid_case');
      const session = await requestSession(ctx.request);
      const user = session && !session.isTemp ? session.user : null;
      const opened = await openCase(await deps(), input, { lang: locale.segment, user });
      return json(
        {
          case: { number: opened.case.number, status: opened.case.status, url: casePath(locale.segment, opened.case.id) },
          attachments: opened.attachments,
        },
        201,
        NO_STORE,
      );
    },
  });
}

export const supportHttp = supportApi();
