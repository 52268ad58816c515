/**
 * Partners in the database: the list every process keeps in memory (registry.ts) and Admin's
 * save and delete (src/pages/[lang]/op/partners.astro). A save replaces the partner's hosts in
 * the same transaction; a host another partner holds is refused by the primary key of
 * partner_hosts, turned into the `host_taken` answer.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { partnerHosts, partners } from '../db/schema.ts';
import type { Partner, PartnerInput } from './partner.ts';

export async function listPartners(db: Db): Promise<Partner[]> {
  const [rows, hosts] = await Promise.all([
    db.select().from(partners).orderBy(asc(partners.slug)),
    db.select().from(partnerHosts).orderBy(asc(partnerHosts.host)),
  ]);
  return rows.map((row) => ({
    ...row,
    theme: row.theme as Partner['theme'],
    hosts: hosts.filter((h) => h.partnerId === row.id).map((h) => h.host),
  }));
}

export type SaveResult =
  { ok: true; id: number } | { ok: false; code: 'host_taken' | 'slug_taken' | 'affiliate_taken' | 'partner_not_found' };

export async function savePartner(db: Db, input: PartnerInput): Promise<SaveResult> {
  const values = {
    slug: input.slug,
    theme: input.theme,
    logo: input.logo,
    title: input.title,
    translationOverrides: input.translationOverrides,
    affiliateId: input.affiliateId,
    hideBackButton: input.hideBackButton,
    disableLogoUrl: input.disableLogoUrl,
    trackers: input.trackers,
    updatedAt: sql`now()`,
  };
  return db.transaction(async (tx) => {
    // Checked up front so the answer names the clash; the constraints stay the guard against a race.
    const taken = await tx.select().from(partnerHosts).where(inArray(partnerHosts.host, input.hosts));
    if (taken.some((h) => h.partnerId !== input.id)) return { ok: false, code: 'host_taken' } as const;
    const others = await tx
      .select({ id: partners.id, slug: partners.slug, affiliateId: partners.affiliateId })
      .from(partners)
      .where(sql`(${partners.slug} = ${input.slug} or ${partners.affiliateId} = ${input.affiliateId})`);
    const clash = others.find((p) => p.id !== input.id);
    if (clash) return { ok: false, code: clash.slug === input.slug ? 'slug_taken' : 'affiliate_taken' } as const;
    let id: number;
    if (input.id) {
      const updated = await tx.update(partners).set(values).where(eq(partners.id, input.id)).returning({ id: partners.id });
      if (!updated[0]) return { ok: false, code: 'partner_not_found' } as const;
      id = updated[0].id;
      await tx.delete(partnerHosts).where(eq(partnerHosts.partnerId, id));
    } else {
      const inserted = await tx.insert(partners).values(values).returning({ id: partners.id });
      const created = inserted[0];
      if (!created) throw new Error('partner insert returned nothing');
      id = created.id;
    }
    await tx.insert(partnerHosts).values([...new Set(input.hosts)].map((host) => ({ host, partnerId: id })));
    return { ok: true, id } as const;
  });
}

export async function deletePartner(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(partners).where(eq(partners.id, id)).returning({ id: partners.id });
  return deleted.length > 0;
}
