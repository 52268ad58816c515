/**
 * Agents and resellers for admins (issue 22, /{lang}/op/resellers): the accounts with role
 * `reseller`, the operator each sells for (SPEC §6 agent branding, `users.operator_id`), how many
 * bookings they made, their balance, and their commission share (`users.commission_basis_points`,
 * read by src/server/partners/resellerCommission.ts; empty means the site's share). An admin links
 * or unlinks the operator and sets the share in one transaction that locks the account and writes
 * a `user_audit` row per changed value (who, request, reason, before → after), listed on the page.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ENVIRONMENT } from '../../config/environment.ts';
import type { Db } from '../db/client.ts';
import { bookings, operators, userAudit, users } from '../db/schema.ts';
import { createEnvParser } from '../envParser.ts';
import { assertMay, type StaffMember } from './access.ts';

const parseCommissionEnv = createEnvParser(ENVIRONMENT.pick({ RESELLER_COMMISSION_BASIS_POINTS: true }));

/** The site's share, in basis points, for a reseller without their own. */
export function siteCommissionBasisPoints(): number {
  return parseCommissionEnv().RESELLER_COMMISSION_BASIS_POINTS;
}

export const RESELLER_AUDIT_ACTIONS = ['link_operator', 'set_commission'] as const;

/** A percentage with at most two decimals (12.5 → 1250 basis points), 0–50 %; empty → the site's share. */
const percent = z
  .string()
  .trim()
  .regex(/^\d{1,2}([.,]\d{1,2})?$/)
  .transform((v) => Math.round(Number(v.replace(',', '.')) * 100))
  .pipe(z.number().int().min(0).max(5000));

export const resellerForm = z.object({
  userId: z.coerce.number().int().positive(),
  operatorId: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.coerce.number().int().positive().nullable()),
  commission: z.preprocess((v) => (v === '' || v === undefined ? null : v), percent.nullable()),
  reason: z.string().trim().min(3).max(500),
});
export type ResellerForm = z.infer<typeof resellerForm>;

export interface ResellerRow {
  id: number;
  email: string | null;
  operatorId: number | null;
  operatorName: string | null;
  bookings: number;
  balanceMinor: number;
  balanceCurrency: string;
  commissionBasisPoints: number | null;
}

export async function listResellers(db: Db): Promise<ResellerRow[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      operatorId: users.operatorId,
      operatorName: operators.name,
      bookings: sql<number>`(select count(*)::int from ${bookings} b where b.reseller_user_id = ${users.id})`,
      balanceMinor: users.balanceMinor,
      balanceCurrency: users.balanceCurrency,
      commissionBasisPoints: users.commissionBasisPoints,
    })
    .from(users)
    .leftJoin(operators, eq(operators.id, users.operatorId))
    .where(and(eq(users.role, 'reseller'), sql`${users.deletedAt} is null`))
    .orderBy(asc(users.email), asc(users.id));
}

export async function operatorChoices(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: operators.id, name: operators.name }).from(operators).orderBy(asc(operators.name), asc(operators.id));
}

export async function resellerChanges(db: Db, limit = 50) {
  return db
    .select({
      at: userAudit.at,
      email: users.email,
      action: userAudit.action,
      fromValue: userAudit.fromValue,
      toValue: userAudit.toValue,
      actorId: userAudit.actorId,
      requestId: userAudit.requestId,
      reason: userAudit.reason,
    })
    .from(userAudit)
    .innerJoin(users, eq(users.id, userAudit.userId))
    .where(inArray(userAudit.action, [...RESELLER_AUDIT_ACTIONS]))
    .orderBy(desc(userAudit.id))
    .limit(limit);
}

export type ResellerSaveResult = { ok: true; changed: number } | { ok: false; code: 'not_a_reseller' | 'unknown_operator' };

const asText = (v: number | null) => (v === null ? null : String(v));

/** Links the reseller to an operator (or none) and sets their share (or the site's), audited per changed value. */
export async function saveReseller(db: Db, staff: StaffMember, input: ResellerForm, requestId: string | null): Promise<ResellerSaveResult> {
  assertMay(staff, 'resellers.save');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: users.role, operatorId: users.operatorId, commission: users.commissionBasisPoints, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (before?.role !== 'reseller' || before.deletedAt) return { ok: false, code: 'not_a_reseller' } as const;
    if (input.operatorId !== null) {
      const [operator] = await tx.select({ id: operators.id }).from(operators).where(eq(operators.id, input.operatorId)).limit(1);
      if (!operator) return { ok: false, code: 'unknown_operator' } as const;
    }
    const audit = (action: (typeof RESELLER_AUDIT_ACTIONS)[number], from: number | null, to: number | null) => ({
      userId: input.userId,
      action,
      fromValue: asText(from),
      toValue: asText(to),
      actorKind: 'staff',
      actorId: String(staff.userId),
      requestId,
      reason: input.reason,
    });
    const rows = [
      ...(before.operatorId !== input.operatorId ? [audit('link_operator', before.operatorId, input.operatorId)] : []),
      ...(before.commission !== input.commission ? [audit('set_commission', before.commission, input.commission)] : []),
    ];
    if (rows.length === 0) return { ok: true, changed: 0 } as const;
    await tx.update(users).set({ operatorId: input.operatorId, commissionBasisPoints: input.commission }).where(eq(users.id, input.userId));
    await tx.insert(userAudit).values(rows);
    return { ok: true, changed: rows.length } as const;
  });
}
