/**
 * Every way into an account (SPEC §4): password, email link, Google credential, and the second
 * step for users with two-factor. Each returns a session, a second-step token, or a refusal that
 * does not say whether the account exists.
 */
import { eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify } from 'jose';
import { LIMITS } from '../../domain/accounts/rateLimit.ts';
import { users } from '../db/schema.ts';
import type { AccountsDeps } from './deps.ts';
import { issueToken, peekToken, redeemToken } from './oneTimeTokens.ts';
import { verifyAgainstNothing, verifyPassword } from './password.ts';
import { clearAttempts, consumeAttempt, gatePasswordAttempt, passwordAccepted } from './rateLimit.ts';
import { createSession, type UserRow } from './sessions.ts';
import { acceptRecoveryCode, acceptTotp } from './twoFactor.ts';
import { userByEmail, userById } from './users.ts';

export type SignInResult =
  | { kind: 'signed_in'; token: string; user: UserRow; isTemp: boolean }
  | { kind: 'two_factor'; token: string }
  | { kind: 'invalid' }
  | { kind: 'rate_limited'; retryAfter: number }
  | { kind: 'captcha_required' }
  | { kind: 'captcha_failed' };

export interface Client {
  ip: string;
}

/** A password, link or Google sign-in is complete unless the user has two-factor on. */
export async function finishSignIn(deps: AccountsDeps, user: UserRow, client: Client): Promise<SignInResult> {
  if (user.totpEnabledAt) {
    return { kind: 'two_factor', token: await issueToken(deps, 'two_factor', { userId: user.id }) };
  }
  return { kind: 'signed_in', token: await createSession(deps, user.id, { ip: client.ip }), user, isTemp: false };
}

export async function signInWithPassword(
  deps: AccountsDeps,
  input: { email: string; password: string; captcha?: string | undefined },
  client: Client,
): Promise<SignInResult> {
  // Counted before the hash: racing attempts each get their own count (issue 16 item 2).
  const gate = await gatePasswordAttempt(deps, input.email, client.ip, { token: input.captcha });
  if (gate.kind !== 'go') return gate;
  const user = await userByEmail(deps, input.email);
  const ok = user?.passwordHash ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstNothing(input.password);
  if (!user || !ok) return { kind: 'invalid' };
  await passwordAccepted(deps, input.email, client.ip);
  return finishSignIn(deps, user, client);
}

/** The second step: a TOTP code (or a recovery code) with the token the first step gave. */
export async function completeTwoFactor(deps: AccountsDeps, input: { token: string; code: string }, client: Client): Promise<SignInResult> {
  const pending = await peekToken(deps, input.token, 'two_factor');
  if (!pending?.userId) return { kind: 'invalid' };
  const scope = `code:user:${pending.userId}`;
  const wait = await consumeAttempt(deps, [{ key: scope, limit: LIMITS.codePerAccount }]);
  if (wait !== null) return { kind: 'rate_limited', retryAfter: wait };
  const user = await userById(deps, pending.userId);
  if (!user?.totpEnabledAt) return { kind: 'invalid' };
  const code = input.code.replace(/[\s-]+/g, '').toLowerCase();
  const ok = /^\d{6}$/.test(code) ? await acceptTotp(deps, user, code) : await acceptRecoveryCode(deps, user.id, code);
  if (!ok) return { kind: 'invalid' };
  // Using the token up last: a wrong code leaves it valid for another try within the limit.
  if (!(await redeemToken(deps, input.token, ['two_factor']))) return { kind: 'invalid' };
  await clearAttempts(deps, [scope]);
  return { kind: 'signed_in', token: await createSession(deps, user.id, { ip: client.ip }), user, isTemp: false };
}

/**
 * `user/otpt`: redeems a one-time token from a mail (email link, email verification, email
 * change) or a ticket link (temporary authentication, level 1).
 */
export async function signInWithOneTimeToken(deps: AccountsDeps, token: string, client: Client): Promise<SignInResult> {
  const row = await redeemToken(deps, token, ['login_link', 'verify_email', 'temp_access', 'email_change']);
  if (!row) return { kind: 'invalid' };
  switch (row.purpose) {
    case 'verify_email': {
      if (!row.email) return { kind: 'invalid' };
      const existing = await userByEmail(deps, row.email);
      if (existing) return finishSignIn(deps, existing, client);
      const [created] = await deps.db
        .insert(users)
        .values({ email: row.email, emailVerifiedAt: deps.now(), passwordHash: row.data.passwordHash ?? null, name: row.data.name ?? '' })
        .onConflictDoNothing()
        .returning();
      const user = created ?? (await userByEmail(deps, row.email));
      return user ? finishSignIn(deps, user, client) : { kind: 'invalid' };
    }
    case 'email_change': {
      const user = row.userId ? await userById(deps, row.userId) : null;
      if (!user || !row.email || (await userByEmail(deps, row.email))) return { kind: 'invalid' };
      const [updated] = await deps.db
        .update(users)
        .set({ email: row.email, emailVerifiedAt: deps.now() })
        .where(eq(users.id, user.id))
        .returning();
      return updated ? finishSignIn(deps, updated, client) : { kind: 'invalid' };
    }
    case 'temp_access': {
      const user = row.userId ? await userById(deps, row.userId) : null;
      if (!user) return { kind: 'invalid' };
      return { kind: 'signed_in', token: await createSession(deps, user.id, { ip: client.ip, isTemp: true }), user, isTemp: true };
    }
    default: {
      const user = row.userId ? await userById(deps, row.userId) : null;
      return user ? finishSignIn(deps, user, client) : { kind: 'invalid' };
    }
  }
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * Sign in with a Google ID token: signature against Google's key set, audience = our client id,
 * Google as issuer, not expired. A verified Google email joins the account with that email.
 */
export async function signInWithGoogle(deps: AccountsDeps, credential: string, client: Client): Promise<SignInResult> {
  const { clientId, keys } = deps.google;
  if (!clientId) return { kind: 'invalid' };
  let claims: { sub: string; email: string | undefined; emailVerified: boolean; name: string };
  try {
    const { payload } = await jwtVerify(credential, keys, {
      issuer: GOOGLE_ISSUERS,
      audience: clientId,
      algorithms: ['RS256'],
      currentDate: deps.now(),
    });
    if (!payload.sub) return { kind: 'invalid' };
    claims = {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email.toLowerCase() : undefined,
      emailVerified: payload.email_verified === true,
      name: typeof payload.name === 'string' ? payload.name : '',
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return { kind: 'invalid' };
    throw error;
  }
  const [bySub] = await deps.db.select().from(users).where(eq(users.googleSub, claims.sub)).limit(1);
  if (bySub) return bySub.deletedAt ? { kind: 'invalid' } : finishSignIn(deps, bySub, client);
  if (!claims.email || !claims.emailVerified) return { kind: 'invalid' };
  const byEmail = await userByEmail(deps, claims.email);
  if (byEmail) {
    const [linked] = await deps.db.update(users).set({ googleSub: claims.sub }).where(eq(users.id, byEmail.id)).returning();
    return finishSignIn(deps, linked ?? byEmail, client);
  }
  const [created] = await deps.db
    .insert(users)
    .values({ email: claims.email, emailVerifiedAt: deps.now(), googleSub: claims.sub, name: claims.name })
    .returning();
  return created ? finishSignIn(deps, created, client) : { kind: 'invalid' };
}
