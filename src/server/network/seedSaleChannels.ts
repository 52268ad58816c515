/**
 * How some seeded routes are sold (SPEC §3 is_manual_pack, external_purchase_url), so that the
 * results page and the apps meet both cases the way the live site does:
 * - one regional airline sells only on its own site: its flights are shown and link out;
 * - the first ferry operator sells its boats only as a package with the pier transfer.
 * Runs after the network is written; picks by id order and name, so a reseed gives the same.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { operators, routes } from '../db/schema.ts';

/** An airline of the seed (scripts/seed/operators.ts) that sells only on its own site. */
const OWN_SITE_AIRLINE = 'Golden Orchid Air';

export async function seedSaleChannels(db: Db): Promise<{ external: number; packages: number }> {
  const [airline] = await db.select({ id: operators.id, slug: operators.slug }).from(operators).where(eq(operators.name, OWN_SITE_AIRLINE));
  // One statement: the route code as a URL path segment ("GO 204" → go-204), as slugify() does.
  const external = airline
    ? await db
        .update(routes)
        .set({
          externalPurchaseUrl: sql`${`https://${airline.slug}.example/book/`} || trim(both '-' from lower(regexp_replace(${routes.code}, '[^A-Za-z0-9]+', '-', 'g')))`,
        })
        .where(eq(routes.operatorId, airline.id))
        .returning({ id: routes.id })
    : [];
  const [ferryOperator] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(sql`'ferry' = any(${operators.vehicleClasses})`)
    .orderBy(asc(operators.id))
    .limit(1);
  const packages = ferryOperator
    ? await db
        .update(routes)
        .set({ manualPack: true })
        .where(and(eq(routes.operatorId, ferryOperator.id), eq(routes.vehicleClass, 'ferry')))
        .returning({ id: routes.id })
    : [];
  return { external: external.length, packages: packages.length };
}
