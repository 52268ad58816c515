/**
 * Giving someone a role from the command line (`npm run user:role -- <email> <role>`): the way the
 * first admin gets in, and how an operator's own staff are added before the operators area can
 * do it. An address without an account gets one — verified, since the admin vouches for it, and
 * without a password: its owner signs in with a login link or sets a password with "Forgot
 * password". The change goes through `changeRole`, so it ends the user's sessions and is audited
 * with the command as its actor.
 */
import { z } from 'zod';
import type { Role } from '../../domain/accountMenu.ts';
import type { ChangeContext } from '../../domain/booking/actor.ts';
import { users } from '../db/schema.ts';
import type { AccountsDeps } from './deps.ts';
import { changeRole } from './roles.ts';
import { userByEmail } from './users.ts';

export const assignRoleInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  role: z.enum(['user', 'reseller', 'admin', 'manager', 'support']),
});

export interface AssignRoleResult {
  created: boolean;
  previous: Role | null;
  role: Role;
  userId: number;
}

const COMMAND: ChangeContext & { actor: { kind: 'system' } } = { actor: { kind: 'system', job: 'user:role command' } };

export async function assignRole(deps: Pick<AccountsDeps, 'db'>, input: z.input<typeof assignRoleInput>): Promise<AssignRoleResult> {
  const { email, role } = assignRoleInput.parse(input);
  let user = await userByEmail(deps as AccountsDeps, email);
  let created = false;
  if (!user) {
    const [row] = await deps.db
      .insert(users)
      .values({ email, emailVerifiedAt: new Date(), name: email.split('@')[0] ?? '' })
      .onConflictDoNothing()
      .returning();
    user = row ?? (await userByEmail(deps as AccountsDeps, email));
    created = row !== undefined;
  }
  if (!user) throw new Error(`could not create an account for ${email}`);
  const previous = created ? null : user.role;
  if (previous !== role) await changeRole(deps as AccountsDeps, user.id, role, COMMAND);
  return { created, previous, role, userId: user.id };
}
