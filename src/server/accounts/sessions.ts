/**
 * Server-side sessions. The browser holds a random 128-bit token in an HttpOnly cookie; the
 * database holds its hash. A session ends after 14 idle days or 30 days in all (a temporary,
 * ticket-link session after 1 day), at logout, and for other devices after a password change.
 */
import { and, eq, ne } from 'drizzle-orm';
import { sessions, users } from '../db/schema.ts';
import type { AccountsDeps } from './deps.ts';
import { hashToken, newToken } from './tokens.ts';

const DAY_MS = 86_400_000;
export const IDLE_TIMEOUT_MS = 14 * DAY_MS;
export const ABSOLUTE_TIMEOUT_MS = 30 * DAY_MS;
export const TEMP_TIMEOUT_MS = DAY_MS;
/** lastSeenAt is refreshed at most this often, so reading a page is not a write every time. */
const TOUCH_EVERY_MS = 5 * 60_000;

export type UserRow = typeof users.$inferSelect;

export interface ActiveSession {
  tokenHash: string;
  isTemp: boolean;
  createdAt: Date;
  user: UserRow;
}

export async function createSession(
  deps: AccountsDeps,
  userId: number,
  options: { isTemp?: boolean; ip?: string | undefined } = {},
): Promise<string> {
  const token = newToken();
  const now = deps.now();
  const isTemp = options.isTemp ?? false;
  await deps.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    isTemp,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + (isTemp ? TEMP_TIMEOUT_MS : ABSOLUTE_TIMEOUT_MS)),
    ip: options.ip ?? null,
  });
  return token;
}

export async function findSession(deps: Pick<AccountsDeps, 'db' | 'now'>, token: string | undefined): Promise<ActiveSession | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const [row] = await deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;
  const now = deps.now().getTime();
  if (row.session.expiresAt.getTime() <= now || row.session.lastSeenAt.getTime() + IDLE_TIMEOUT_MS <= now || row.user.deletedAt) {
    await deps.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return { tokenHash, isTemp: row.session.isTemp, createdAt: row.session.createdAt, user: row.user };
}

export async function endSession(deps: AccountsDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  await deps.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** "Sign out other devices": every session of the user except the one given. */
export async function endOtherSessions(deps: AccountsDeps, userId: number, keepTokenHash: string | null): Promise<void> {
  await deps.db
    .delete(sessions)
    .where(keepTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)) : eq(sessions.userId, userId));
}
