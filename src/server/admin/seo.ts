/**
 * SPEC §7 `admin/seo` (issue 22): Admin's per-page title, description and heading. Saved with a
 * `network_audit` row (before → after) in one transaction, then announced so every process's
 * page-override registry reloads. A save with no text left removes the page's override.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { seoOverrides } from '../db/schema.ts';
import { assertMay, type StaffMember } from '../ops/access.ts';
import { recordNetworkChange } from '../ops/networkAudit.ts';
import { normalisePagePath, type SeoOverrideRow } from './pageOverrides.ts';

/** A page of the site as visitors address it: a language segment first, no query, no dots. */
export const pagePathSchema = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/[a-z]{2}(?:\/[a-z0-9][a-z0-9-]*)*\/?$/, 'expected a page address such as /en/bus/bangkok/chiang-mai')
  .transform(normalisePagePath);

/** An empty field keeps the page's own text. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

export const seoInput = z.object({
  path: pagePathSchema,
  title: optionalText(120),
  description: optionalText(320),
  heading: optionalText(160),
});
export type SeoInput = z.output<typeof seoInput>;

export const seoQuery = z.object({ path: pagePathSchema.optional() });

export function seoOut(row: SeoOverrideRow) {
  return {
    path: row.path,
    title: row.title,
    description: row.description,
    heading: row.heading,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function listSeoOverrides(db: Db): Promise<SeoOverrideRow[]> {
  return db.select().from(seoOverrides).orderBy(seoOverrides.path);
}

export async function seoOverrideFor(db: Db, path: string): Promise<SeoOverrideRow | undefined> {
  const [row] = await db.select().from(seoOverrides).where(eq(seoOverrides.path, path));
  return row;
}

export type SeoChange = { result: 'saved'; row: SeoOverrideRow } | { result: 'removed' } | { result: 'unchanged' };

export async function saveSeoOverride(db: Db, staff: StaffMember, input: SeoInput, requestId: string | null): Promise<SeoChange> {
  assertMay(staff, 'admin.seo');
  const texts = { title: input.title, description: input.description, heading: input.heading };
  const empty = !texts.title && !texts.description && !texts.heading;
  return db.transaction(async (tx): Promise<SeoChange> => {
    const [before] = await tx.select().from(seoOverrides).where(eq(seoOverrides.path, input.path)).for('update');
    const beforeTexts = before ? { title: before.title, description: before.description, heading: before.heading } : null;
    if (empty && !before) return { result: 'unchanged' };
    if (empty) await tx.delete(seoOverrides).where(eq(seoOverrides.path, input.path));
    const [row] = empty
      ? []
      : await tx
          .insert(seoOverrides)
          .values({ path: input.path, ...texts, updatedBy: staff.userId, updatedAt: new Date() })
          .onConflictDoUpdate({ target: seoOverrides.path, set: { ...texts, updatedBy: staff.userId, updatedAt: new Date() } })
          .returning();
    await recordNetworkChange(tx, staff, requestId, {
      entity: 'seo',
      entityKey: input.path,
      action: empty ? 'remove' : 'save',
      before: beforeTexts,
      after: empty ? null : texts,
    });
    return row ? { result: 'saved', row } : { result: 'removed' };
  });
}
