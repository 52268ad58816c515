/**
 * Changing a user's role, and linking an agent to the operator it sells for (SPEC §6). The user's sessions end with the change, so the next request
 * signs in again and gets a new session id and display cookies that match the new role.
 */
import { eq } from 'drizzle-orm';
import type { Role } from '../../domain/accountMenu.ts';
import { STAFF_ROLES } from '../../domain/accountMenu.ts';
import { actorId, type ChangeContext } from '../../domain/booking/actor.ts';
import { operators, sessions, userAudit, users } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { AccountsDeps } from './deps.ts';

/** Staff (or a system job such as a seed) change a user's role; the change and its actor are kept in `user_audit`. */
export async function changeRole(
  deps: AccountsDeps,
  userId: number,
  role: Role,
  ctx: ChangeContext & { actor: { kind: 'staff' | 'system' } },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!before) return;
    await tx
      .update(users)
      .set({ role, isStaff: STAFF_ROLES.includes(role), isAdmin: role === 'admin' })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.insert(userAudit).values({
      userId,
      action: 'change_role',
      fromValue: before.role,
      toValue: role,
      actorKind: ctx.actor.kind,
      actorId: actorId(ctx.actor),
      requestId: ctx.requestId ?? null,
      reason: ctx.reason ?? null,
    });
  });
}

/** The `user_audit` action of a change of the operator an agent sells for. */
export const LINK_OPERATOR = 'link_operator';

export type AgentLinkResult = { ok: true; changed: boolean } | { ok: false; code: 'not_a_reseller' | 'unknown_operator' };

/**
 * Links (or with null unlinks) an agent — an account with role `reseller` — to the operator it
 * sells for (SPEC §6 agent co-branding, `users.operator_id`). The one way to change the link: the
 * account row is locked, the operator checked, and a change writes its `user_audit` row
 * `link_operator` (who, request, reason, before → after; `at` is when) in the same transaction.
 * Given a transaction (the resellers page sets the share in the same one) it runs inside it.
 * Sessions stay: the branding is display only, read afresh by every `user data` call.
 */
export async function linkAgentOperator(
  db: Db,
  userId: number,
  operatorId: number | null,
  ctx: ChangeContext & { actor: { kind: 'staff' | 'system' } },
): Promise<AgentLinkResult> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: users.role, operatorId: users.operatorId, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (before?.role !== 'reseller' || before.deletedAt) return { ok: false, code: 'not_a_reseller' } as const;
    if (operatorId !== null) {
      const [operator] = await tx.select({ id: operators.id }).from(operators).where(eq(operators.id, operatorId)).limit(1);
      if (!operator) return { ok: false, code: 'unknown_operator' } as const;
    }
    if (before.operatorId === operatorId) return { ok: true, changed: false } as const;
    await tx.update(users).set({ operatorId }).where(eq(users.id, userId));
    await tx.insert(userAudit).values({
      userId,
      action: LINK_OPERATOR,
      fromValue: before.operatorId === null ? null : String(before.operatorId),
      toValue: operatorId === null ? null : String(operatorId),
      actorKind: ctx.actor.kind,
      actorId: actorId(ctx.actor),
      requestId: ctx.requestId ?? null,
      reason: ctx.reason ?? null,
    });
    return { ok: true, changed: true } as const;
  });
}

/** SPEC §3 agent config `operator {id, logo, name}` of a user, or null when not linked. */
export async function agentOperator(
  deps: Pick<AccountsDeps, 'db'>,
  user: { operatorId: number | null },
): Promise<{ id: number; logo: string; name: string } | null> {
  if (user.operatorId === null) return null;
  const [row] = await deps.db
    .select({ id: operators.id, logo: operators.logo, name: operators.name })
    .from(operators)
    .where(eq(operators.id, user.operatorId))
    .limit(1);
  return row ?? null;
}
