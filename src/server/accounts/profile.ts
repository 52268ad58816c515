/**
 * Profile settings (SPEC §2 /profile): name, phone, password, email, saved passengers and
 * deleting the account. Every function takes the signed-in user's id from the session, never
 * from the request, so one user cannot reach another's data.
 */
import { and, asc, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { authTokens, balanceTransactions, bookings, savedPassengers, sessions, users } from '../db/schema.ts';
import type { AccountsDeps } from './deps.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { gatePasswordAttempt, passwordAccepted } from './rateLimit.ts';
import { endOtherSessions, type ActiveSession, type UserRow } from './sessions.ts';

/** How recent a session must be to change the email or delete the account without a password. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

export interface Passenger {
  id: number;
  first_name: string;
  middle_name: string;
  last_name: string;
  full_name: string;
}

export async function listPassengers(deps: AccountsDeps, userId: number): Promise<Passenger[]> {
  const rows = await deps.db.select().from(savedPassengers).where(eq(savedPassengers.userId, userId)).orderBy(asc(savedPassengers.id));
  return rows.map((r) => ({
    id: r.id,
    first_name: r.firstName,
    middle_name: r.middleName,
    last_name: r.lastName,
    full_name: [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' '),
  }));
}

export async function addPassenger(
  deps: AccountsDeps,
  userId: number,
  p: { firstName: string; middleName: string; lastName: string },
): Promise<void> {
  await deps.db.insert(savedPassengers).values({ userId, ...p });
}

/** Removes the passenger only when it belongs to this user; false otherwise. */
export async function removePassenger(deps: AccountsDeps, userId: number, id: number): Promise<boolean> {
  const removed = await deps.db
    .delete(savedPassengers)
    .where(and(eq(savedPassengers.id, id), eq(savedPassengers.userId, userId)))
    .returning({ id: savedPassengers.id });
  return removed.length > 0;
}

export async function updateDetails(deps: AccountsDeps, userId: number, details: { name: string; phone: string }): Promise<void> {
  await deps.db.update(users).set(details).where(eq(users.id, userId));
}

export type Reauthentication = { kind: 'ok' } | { kind: 'invalid' } | { kind: 'rate_limited'; retryAfter: number };

/**
 * Re-authentication for sensitive changes: the current password when the account has one,
 * otherwise a sign-in within the last ten minutes (Google or email-link accounts). A password
 * counts against the same limits as a sign-in (a stolen session must not become an unlimited
 * password oracle); no captcha here, the user is already signed in.
 */
export async function reauthenticated(
  deps: AccountsDeps,
  session: ActiveSession,
  password: string | undefined,
  client: { ip: string },
): Promise<Reauthentication> {
  const { passwordHash, email } = session.user;
  if (!passwordHash) return deps.now().getTime() - session.createdAt.getTime() <= RECENT_SIGN_IN_MS ? { kind: 'ok' } : { kind: 'invalid' };
  if (password === undefined) return { kind: 'invalid' };
  const gate = await gatePasswordAttempt(deps, email ?? `user:${String(session.user.id)}`, client.ip, null);
  if (gate.kind === 'rate_limited') return gate;
  if (!(await verifyPassword(password, passwordHash))) return { kind: 'invalid' };
  if (email) await passwordAccepted(deps, email, client.ip);
  return { kind: 'ok' };
}

/** Changes the password and signs out every other device. */
export async function changePassword(deps: AccountsDeps, session: ActiveSession, newPassword: string): Promise<void> {
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword) })
    .where(eq(users.id, session.user.id));
  await endOtherSessions(deps, session.user.id, session.tokenHash);
}

/**
 * Deletes the account: personal data goes, the row stays so that the operator's bookings keep
 * a consistent owner id. The bookings lose the traveller's email and passenger details.
 */
export async function deleteAccount(deps: AccountsDeps, user: UserRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(bookings)
      .set({ email: null, passengers: [] })
      .where(
        or(
          eq(bookings.userId, user.id),
          // Checkout keeps the address as typed; accounts store it lower-cased.
          user.email ? and(isNotNull(bookings.email), sql`lower(${bookings.email}) = ${user.email.toLowerCase()}`) : undefined,
        ),
      );
    await tx.delete(savedPassengers).where(eq(savedPassengers.userId, user.id));
    await tx.delete(authTokens).where(eq(authTokens.userId, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx
      .update(users)
      .set({
        email: null,
        emailVerifiedAt: null,
        passwordHash: null,
        googleSub: null,
        name: '',
        phone: '',
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        recoveryCodeHashes: [],
        deletedAt: deps.now(),
      })
      .where(eq(users.id, user.id));
  });
}

export async function listTransactions(deps: AccountsDeps, userId: number) {
  return deps.db
    .select({
      id: balanceTransactions.id,
      amount: balanceTransactions.amountMinor,
      fxcode: balanceTransactions.currency,
      description: balanceTransactions.description,
      kind: balanceTransactions.kind,
      createdAt: balanceTransactions.createdAt,
    })
    .from(balanceTransactions)
    .where(eq(balanceTransactions.userId, userId))
    .orderBy(desc(balanceTransactions.createdAt), desc(balanceTransactions.id));
}
