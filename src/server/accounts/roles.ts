/**
 * Changing a user's role (SPEC §6). The user's sessions end with the change, so the next request
 * signs in again and gets a new session id and display cookies that match the new role.
 */
import { eq } from 'drizzle-orm';
import type { Role } from '../../domain/accountMenu.ts';
import { STAFF_ROLES } from '../../domain/accountMenu.ts';
import { sessions, users } from '../db/schema.ts';
import type { AccountsDeps } from './deps.ts';

export async function changeRole(deps: AccountsDeps, userId: number, role: Role): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ role, isStaff: STAFF_ROLES.includes(role), isAdmin: role === 'admin' })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}
