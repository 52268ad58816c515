/**
 * The feature flag registry in the database (table feature_flags): the list every process keeps
 * in memory (registry.ts) and Admin's change of a flag's shares (src/pages/[lang]/op/flags.astro).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FeatureFlag } from '../../domain/featureFlags.ts';
import type { Db } from '../db/client.ts';
import { featureFlags } from '../db/schema.ts';

export async function listFlags(db: Db): Promise<FeatureFlag[]> {
  const rows = await db.select().from(featureFlags).orderBy(asc(featureFlags.key));
  return rows.map(({ key, description, variants }) => ({ key, description, variants }));
}

const variantName = z.string().regex(/^[a-z0-9_-]{1,32}$/);

/**
 * Admin's form: one share per existing variant (`share.<variant>` fields), whole percents that
 * add up to 100. Variants themselves come with the flag's migration: the code must know them.
 */
export function sharesForm(flag: FeatureFlag) {
  return z
    .object({
      key: z.literal(flag.key),
      ...Object.fromEntries(flag.variants.map((v) => [`share.${v.name}`, z.coerce.number().int().min(0).max(100)])),
    })
    .transform((form) =>
      flag.variants.map((v) => ({
        name: variantName.parse(v.name),
        share: (form as unknown as Record<string, number>)[`share.${v.name}`] ?? 0,
      })),
    )
    .refine((variants) => variants.reduce((sum, v) => sum + v.share, 0) === 100, { message: 'shares add up to 100', path: ['shares'] });
}

export async function setFlagShares(db: Db, key: string, variants: FeatureFlag['variants']): Promise<boolean> {
  const updated = await db
    .update(featureFlags)
    .set({ variants, updatedAt: sql`now()` })
    .where(eq(featureFlags.key, key))
    .returning({ key: featureFlags.key });
  return updated.length > 0;
}
