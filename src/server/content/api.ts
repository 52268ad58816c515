/**
 * Handlers behind the content calls of SPEC §7 (legal/*, travel/guides, about,
 * transport/options). They answer from the same content store the pages use, in the request's
 * language with English fallback, and say when they fell back.
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { localeBySegment, resolveSegment, type Locale } from '../../i18n/locales.ts';
import { messagesFor, ENGLISH } from '../../i18n/messages.ts';
import { createTranslator, type Translate } from '../../i18n/translate.ts';
import { ApiError } from '../api/errors.ts';
import { endpoints, json as jsonAnswer, parseInput } from '../api/http.ts';
import { cachedNetworkStats } from '../catalog.ts';
import { slugSchema } from '../../domain/content/schemas.ts';
import { allGuides, contentStore, localPage, type ContentStore } from './store.ts';
import type { LegalPage } from './supportPaths.ts';

type Ctx = Pick<APIContext, 'url' | 'params'>;

/**
 * The language of /api/nuxt/{lang}/…: the middleware resolves `api` to English (SPEC §5), so
 * content calls read the {lang} segment themselves, with the same rules.
 */
function requestLocale(ctx: Ctx): { locale: Locale; t: Translate } {
  const locale = localeBySegment(resolveSegment(ctx.params.lang));
  return { locale, t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH) };
}

/** Content changes only with a deploy; a short shared cache keeps repeat calls cheap. */
const json = (body: unknown): Response => jsonAnswer(body, 200, { 'cache-control': 'public, max-age=300' });

/** Terms documents by the {slug} of legal/terms/{slug}; `general` is the site's own terms. */
export const TERMS_DOCUMENTS: Readonly<Record<string, LegalPage>> = { general: 'terms' };

function pageBody(store: ContentStore, slug: string, locale: Locale) {
  const page = localPage(store, slug, locale.code);
  if (!page) return undefined;
  return {
    slug,
    title: page.title,
    summary: page.summary,
    html: page.html,
    updated: page.entry.data.updated.toISOString().slice(0, 10),
    lang: page.fallback ? 'en' : locale.code,
    fallback: page.fallback,
    url: `/${locale.segment}/support/${slug}`,
  };
}

export const guidesQuery = z
  .object({
    place: slugSchema.optional(),
    limit: z.coerce.number().int().min(1).max(50).default(50),
  })
  .strict();

async function legalDocument(ctx: Ctx, page: LegalPage): Promise<Response> {
  const { locale } = requestLocale(ctx);
  const body = pageBody(await contentStore(), page, locale);
  if (!body) throw new ApiError('unknown_document');
  return json(body);
}

export const contentApi = endpoints({
  privacyPolicy: (ctx: Ctx) => legalDocument(ctx, 'privacy-policy'),
  cancellationPolicy: (ctx: Ctx) => legalDocument(ctx, 'cancellation-policy'),

  async terms(ctx: Ctx): Promise<Response> {
    const parsed = slugSchema.safeParse(ctx.params.slug);
    const page = parsed.success ? TERMS_DOCUMENTS[parsed.data] : undefined;
    if (!page) throw new ApiError('unknown_document', { fields: parsed.success ? undefined : parsed.error });
    return legalDocument(ctx, page);
  },

  async guides(ctx: Ctx): Promise<Response> {
    const { locale } = requestLocale(ctx);
    const { place, limit } = parseInput(guidesQuery, Object.fromEntries(ctx.url.searchParams), 'invalid_query');
    const guides = allGuides(await contentStore(), locale.code)
      .filter((g) => !place || g.entry.data.places.includes(place))
      .slice(0, limit)
      .map((g) => ({
        slug: g.slug,
        title: g.title,
        summary: g.summary,
        places: g.entry.data.places,
        vehclasses: g.entry.data.vehicleClasses,
        updated: g.entry.data.updated.toISOString().slice(0, 10),
        fallback: g.fallback,
        url: `/${locale.segment}/travel-guides/${g.slug}`,
      }));
    return json({ guides });
  },

  async about(ctx: Ctx): Promise<Response> {
    const { locale } = requestLocale(ctx);
    const [store, stats] = await Promise.all([contentStore(), cachedNetworkStats()]);
    const body = pageBody(store, 'about', locale);
    if (!body) throw new ApiError('unknown_document');
    return json({ ...body, url: `/${locale.segment}/about`, stats });
  },

  async transportOptions(ctx: Ctx): Promise<Response> {
    const { locale, t } = requestLocale(ctx);
    const store = await contentStore();
    const body = pageBody(store, 'transport-options', locale);
    if (!body) throw new ApiError('unknown_document');
    const guides = allGuides(store, locale.code);
    const classes = (['bus', 'train', 'ferry', 'van', 'avia', 'charter'] as const).map((id) => ({
      id,
      name: t(`vehclass.${id}`),
      text: t(`vehclass.${id}Text`),
      guides: guides.filter((g) => g.entry.data.vehicleClasses.includes(id)).map((g) => `/${locale.segment}/travel-guides/${g.slug}`),
    }));
    return json({ ...body, url: `/${locale.segment}/transport-options`, classes });
  },
});
