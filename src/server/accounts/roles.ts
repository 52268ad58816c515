/**
 * Changing a user's role, and linking an agent to the operator it sells for (SPEC §6). The user's sessions end with the change, so the next request
 * signs in again and gets a new session id and display cookies that match the new role.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Role } from '../../domain/accountMenu.ts';
import { STAFF_ROLES } from '../../domain/accountMenu.ts';
import { actorId, type ChangeContext } from '../../domain/booking/actor.ts';
import { operators, sessions, userAudit, users } from '../db/schema.ts';
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

/**
 * Links (or with null unlinks) a user to an operator for agent co-branding. Returns false when the
 * user or the operator does not exist. Sessions stay: the branding is display only, read afresh
 * by every `user data` call.
 */
export async function linkAgentOperator(deps: Pick<AccountsDeps, 'db'>, userId: number, operatorId: number | null): Promise<boolean> {
  if (operatorId !== null) {
    const [operator] = await deps.db.select({ id: operators.id }).from(operators).where(eq(operators.id, operatorId)).limit(1);
    if (!operator) return false;
  }
  const updated = await deps.db
    .update(users)
    .set({ operatorId })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return updated.length === 1;
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
