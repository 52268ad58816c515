/**
 * Roles for admins in the operators area (issue 22): the staff list, finding an account by e-mail,
 * and giving it a role through `changeRole`, which ends the user's sessions and writes
 * `user_audit` with the admin as actor and their reason.
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { STAFF_ROLES } from '../../domain/accountMenu.ts';
import { userAudit, users } from '../db/schema.ts';
import type { AccountsDeps } from '../accounts/deps.ts';
import { changeRole } from '../accounts/roles.ts';
import { assertMay, staffContext, type StaffMember } from './access.ts';

export const ROLES = ['user', 'reseller', 'support', 'manager', 'admin'] as const;

export const changeRoleInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  role: z.enum(ROLES),
  reason: z.string().trim().min(3).max(500),
});

export interface StaffRow {
  id: number;
  email: string | null;
  role: string;
  twoFactor: boolean;
}

export async function staffList(deps: Pick<AccountsDeps, 'db'>): Promise<StaffRow[]> {
  const rows = await deps.db
    .select({ id: users.id, email: users.email, role: users.role, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES, 'reseller']))
    .orderBy(asc(users.email));
  return rows.map((r) => ({ id: r.id, email: r.email, role: r.role, twoFactor: r.totpEnabledAt !== null }));
}

export async function recentRoleChanges(deps: Pick<AccountsDeps, 'db'>, limit = 30) {
  return deps.db
    .select({
      at: userAudit.at,
      email: users.email,
      fromValue: userAudit.fromValue,
      toValue: userAudit.toValue,
      actorKind: userAudit.actorKind,
      actorId: userAudit.actorId,
      reason: userAudit.reason,
    })
    .from(userAudit)
    .innerJoin(users, eq(users.id, userAudit.userId))
    .where(eq(userAudit.action, 'change_role'))
    .orderBy(desc(userAudit.id))
    .limit(limit);
}

export type RoleChangeResult = { ok: true } | { ok: false; code: 'user_not_found' | 'own_role' };

/** Only existing accounts (the CLI creates new ones); an admin cannot change their own role and lock themselves out. */
export async function setRoleAsAdmin(
  deps: AccountsDeps,
  staff: StaffMember,
  input: z.infer<typeof changeRoleInput>,
  requestId: string | null,
): Promise<RoleChangeResult> {
  assertMay(staff, 'users.changeRole');
  const [user] = await deps.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, input.email)).limit(1);
  if (!user) return { ok: false, code: 'user_not_found' };
  if (user.id === staff.userId) return { ok: false, code: 'own_role' };
  if (user.role !== input.role) await changeRole(deps, user.id, input.role, staffContext(staff, requestId, input.reason));
  return { ok: true };
}
