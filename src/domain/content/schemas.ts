/**
 * Frontmatter of what editors publish in content/ (see content/README.md). The schemas live here,
 * not in src/content.config.ts, so unit tests can check every file without Astro's runtime and
 * the same rules hold for the build and for the tests.
 */
import { z } from 'zod';

/** Lower-case words joined by hyphens: the shape of every slug in a URL. */
export const slugSchema = z
  .string()
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by hyphens');

const title = z.string().trim().min(3).max(120);
const summary = z.string().trim().min(20).max(320);

/** Support centre sections (SPEC §2 /support/…); `travel-day` and `booking` only list articles. */
export const SUPPORT_CATEGORIES = ['booking', 'payment-and-refund', 'account', 'general-questions', 'travel-day', 'review'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const guideSchema = z
  .object({
    title,
    summary,
    /** Seeded place slugs the guide is about; the page links a search between the first two. */
    places: z.array(slugSchema).min(1),
    vehicleClasses: z.array(z.enum(['bus', 'ferry', 'train', 'van', 'avia', 'charter'])).min(1),
    /** First published; `updated` is the last edit (both go into the Article structured data). */
    published: z.coerce.date(),
    updated: z.coerce.date(),
    order: z.number().int().min(0),
  })
  .strict()
  .refine((g) => g.published <= g.updated, { message: 'published must not be after updated', path: ['published'] });

export const supportArticleSchema = z
  .object({
    title,
    summary,
    category: z.enum(SUPPORT_CATEGORIES),
    /**
     * A fixed address from SPEC §2 such as `payment-and-refund/double-charge`; without it the
     * article lives at /support/{articleId}.
     */
    path: z
      .string()
      .regex(/^[a-z-]+(?:\/[a-z-]+)+$/, 'section/article')
      .optional(),
    /** Also answered on /faq (and in its FAQPage structured data). */
    faq: z.boolean().default(false),
    order: z.number().int().min(0).default(100),
    updated: z.coerce.date(),
  })
  .strict();

/** Single pages: about, transport options, legal texts. */
export const pageSchema = z
  .object({
    title,
    summary,
    updated: z.coerce.date(),
  })
  .strict();

const titled = z.object({ title, summary }).strict();

/**
 * content/titles/<locale code>.json: every guide and article title and summary in one language,
 * so listings, search and the head are translated even where the body is still English.
 */
export const titlesSchema = z
  .object({
    guides: z.record(slugSchema, titled),
    support: z.record(slugSchema, titled),
    pages: z.record(slugSchema, titled),
  })
  .strict();

export type GuideData = z.infer<typeof guideSchema>;
export type SupportArticleData = z.infer<typeof supportArticleSchema>;
export type PageData = z.infer<typeof pageSchema>;
export type TitlesData = z.infer<typeof titlesSchema>;
export type Titled = z.infer<typeof titled>;

/** The translation key word of a category (`payment-and-refund` → `paymentAndRefund`). */
export function categoryKey(category: SupportCategory): string {
  return category.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
