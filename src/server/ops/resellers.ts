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
import { actorId } from '../../domain/booking/actor.ts';
import { LINK_OPERATOR, linkAgentOperator } from '../accounts/roles.ts';
import type { Db } from '../db/client.ts';
import { bookings, operators, userAudit, users } from '../db/schema.ts';
import { createEnvParser } from '../envParser.ts';
import { assertMay, type StaffMember } from './access.ts';

const parseCommissionEnv = createEnvParser(ENVIRONMENT.pick({ RESELLER_COMMISSION_BASIS_POINTS: true }));

/** The site's share, in basis points, for a reseller without their own. */
export function siteCommissionBasisPoints(): number {
  return parseCommissionEnv().RESELLER_COMMISSION_BASIS_POINTS;
}

const SET_COMMISSION = 'set_commission';
export const RESELLER_AUDIT_ACTIONS = [LINK_OPERATOR, SET_COMMISSION] as const;

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

/**
 * Links the reseller to an operator (or none) through the accounts' one audited link
 * (linkAgentOperator), and sets their share (or the site's), audited the same way — both in one
 * transaction, so a refused link leaves the share as it was.
 */
export async function saveReseller(db: Db, staff: StaffMember, input: ResellerForm, requestId: string | null): Promise<ResellerSaveResult> {
  assertMay(staff, 'resellers.save');
  const ctx = { actor: { kind: 'staff', userId: staff.userId }, requestId, reason: input.reason } as const;
  return db.transaction(async (tx) => {
    const link = await linkAgentOperator(tx, input.userId, input.operatorId, ctx);
    if (!link.ok) return link;
    // The account is locked by the link: its share is read and changed under the same lock.
    const [before] = await tx.select({ commission: users.commissionBasisPoints }).from(users).where(eq(users.id, input.userId));
    const shareChanged = before !== undefined && before.commission !== input.commission;
    if (shareChanged) {
      await tx.update(users).set({ commissionBasisPoints: input.commission }).where(eq(users.id, input.userId));
      await tx.insert(userAudit).values({
        userId: input.userId,
        action: SET_COMMISSION,
        fromValue: asText(before.commission),
        toValue: asText(input.commission),
        actorKind: ctx.actor.kind,
        actorId: actorId(ctx.actor),
        requestId,
        reason: input.reason,
      });
    }
    return { ok: true, changed: (link.changed ? 1 : 0) + (shareChanged ? 1 : 0) } as const;
  });
}
