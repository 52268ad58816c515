/**
 * SPEC §7 `admin/article` (issue 22): a support article edited in the operators area and published
 * without a deploy. The text lives in `support_article_overrides` (one row per article and
 * language); the help pages (rewritten by the page-override middleware) and `support/article`
 * show it instead of the file in content/support. Unpublishing deletes the row and the file shows
 * again. Each change writes a `network_audit` row in its transaction and is announced on the bus.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { slugSchema } from '../../domain/content/schemas.ts';
import { localeBySegment, SEGMENTS, type LocaleSegment } from '../../i18n/locales.ts';
import { ApiError } from '../api/errors.ts';
import type { Db } from '../db/client.ts';
import { supportArticleOverrides } from '../db/schema.ts';
import { assertMay, type StaffMember } from '../ops/access.ts';
import { recordNetworkChange } from '../ops/networkAudit.ts';
import type { ArticleOverrideRow } from './pageOverrides.ts';

const segment = z.enum(SEGMENTS as unknown as [LocaleSegment, ...LocaleSegment[]]);

export const articleAdminQuery = z.object({ slug: slugSchema.optional(), lang: segment.optional() });

export const articleInput = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('publish'),
    slug: slugSchema,
    lang: segment,
    title: z.string().trim().min(1).max(200),
    summary: z.string().trim().min(1).max(400),
    body: z.string().trim().min(1).max(20_000),
  }),
  z.object({ action: z.literal('unpublish'), slug: slugSchema, lang: segment }),
]);
export type ArticleInput = z.output<typeof articleInput>;

/** Where an article lives in the content store: its address under /support/, or undefined when there is no such article. */
export type ArticleLocator = (slug: string) => Promise<string | undefined>;

export function articleOut(row: ArticleOverrideRow) {
  return {
    slug: row.slug,
    lang: row.localeCode,
    url: row.pagePath,
    title: row.title,
    summary: row.summary,
    body: row.body,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function listArticleOverrides(db: Db): Promise<ArticleOverrideRow[]> {
  return db.select().from(supportArticleOverrides).orderBy(supportArticleOverrides.slug, supportArticleOverrides.localeCode);
}

export type ArticleChange = { result: 'published'; row: ArticleOverrideRow } | { result: 'unpublished' } | { result: 'unchanged' };

export async function changeArticle(
  db: Db,
  staff: StaffMember,
  input: ArticleInput,
  locate: ArticleLocator,
  requestId: string | null,
): Promise<ArticleChange> {
  assertMay(staff, 'admin.article');
  const articlePath = await locate(input.slug);
  if (articlePath === undefined) throw new ApiError('unknown_document');
  const locale = localeBySegment(input.lang);
  const key = and(eq(supportArticleOverrides.slug, input.slug), eq(supportArticleOverrides.localeCode, locale.code));
  return db.transaction(async (tx): Promise<ArticleChange> => {
    const [before] = await tx.select().from(supportArticleOverrides).where(key).for('update');
    const beforeTexts = before ? { title: before.title, summary: before.summary, body: before.body } : null;
    if (input.action === 'unpublish') {
      if (!before) return { result: 'unchanged' };
      await tx.delete(supportArticleOverrides).where(key);
    }
    const texts = input.action === 'publish' ? { title: input.title, summary: input.summary, body: input.body } : null;
    const [row] = texts
      ? await tx
          .insert(supportArticleOverrides)
          .values({
            slug: input.slug,
            localeCode: locale.code,
            pagePath: `/${locale.segment}/support/${articlePath}`,
            ...texts,
            updatedBy: staff.userId,
            updatedAt: new Date(),
          })
          .onConflictDoUpdate({
            target: [supportArticleOverrides.slug, supportArticleOverrides.localeCode],
            set: { ...texts, updatedBy: staff.userId, updatedAt: new Date() },
          })
          .returning()
      : [];
    await recordNetworkChange(tx, staff, requestId, {
      entity: 'support_article',
      entityKey: `${input.slug}|${locale.code}`,
      action: input.action,
      before: beforeTexts,
      after: texts,
    });
    return row ? { result: 'published', row } : { result: 'unpublished' };
  });
}
