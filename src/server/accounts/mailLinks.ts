/**
 * Registration, email links and password reset: each answers the same whether or not the
 * address has an account (no user enumeration), and mails carry single-use links. The answer
 * is also as fast for both: a link request is counted against its limits and answered, and the
 * work that differs (finding the account, issuing the token, writing the mail) runs after it.
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { LIMITS } from '../../domain/accounts/rateLimit.ts';
import type { Translate } from '../../i18n/translate.ts';
import { users } from '../db/schema.ts';
import type { AccountsDeps } from './deps.ts';
import { issueToken, redeemToken } from './oneTimeTokens.ts';
import { hashPassword } from './password.ts';
import { clearAttempts, consumeAttempt, loginKeys } from './rateLimit.ts';
import { endOtherSessions } from './sessions.ts';
import { finishSignIn, type Client, type SignInResult } from './signIn.ts';
import { userByEmail, userById } from './users.ts';

export interface MailContext {
  t: Translate;
  lang: string;
}

export type MailResult = { kind: 'sent' } | { kind: 'rate_limited'; retryAfter: number };

/** Every mail request counts, found or not, so the limit says nothing about the account either. */
function mailAllowed(deps: AccountsDeps, email: string, client: Client): Promise<number | null> {
  return consumeAttempt(deps, [
    { key: `mail:email:${email}`, limit: LIMITS.mailPerAccount },
    { key: `mail:ip:${client.ip}`, limit: LIMITS.mailPerAddress },
  ]);
}

let logger: pino.Logger | undefined;
/** Account-link work still running after its request was answered. */
const inFlight = new Set<Promise<void>>();

/** Runs the part of a link request that depends on the account after the answer has gone out. */
function afterAnswer(work: () => Promise<void>): void {
  const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => {
      logger ??= pino({ base: { component: 'accounts' } });
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'account mail failed');
    })
    .finally(() => inFlight.delete(running));
  inFlight.add(running);
}

/** Resolves once every link mail requested so far has been written (tests, shutdown). */
export async function linkMailsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all(inFlight);
}

function link(deps: AccountsDeps, lang: string, query: Record<string, string>): string {
  return `${deps.siteUrl}/${lang}/login?${new URLSearchParams(query).toString()}`;
}

async function sendLoginLink(deps: AccountsDeps, mail: MailContext, userId: number, email: string, ref: string | null): Promise<void> {
  const token = await issueToken(deps, 'login_link', { userId });
  const url = link(deps, mail.lang, { otpt: token, ...(ref ? { ref } : {}) });
  await deps.mailer.send({ to: email, subject: mail.t('mail.loginLink.subject'), text: mail.t('mail.loginLink.body', { link: url }) });
}

export async function register(
  deps: AccountsDeps,
  mail: MailContext,
  input: { email: string; password: string; name: string },
  client: Client,
): Promise<MailResult> {
  const wait = await mailAllowed(deps, input.email, client);
  if (wait !== null) return { kind: 'rate_limited', retryAfter: wait };
  // Hashing for both branches keeps the answer time the same for known and unknown emails.
  const passwordHash = await hashPassword(input.password);
  const existing = await userByEmail(deps, input.email);
  if (existing) {
    await sendLoginLink(deps, mail, existing.id, input.email, null);
    return { kind: 'sent' };
  }
  const token = await issueToken(deps, 'verify_email', { email: input.email, data: { passwordHash, name: input.name } });
  await deps.mailer.send({
    to: input.email,
    subject: mail.t('mail.verify.subject'),
    text: mail.t('mail.verify.body', { link: link(deps, mail.lang, { otpt: token }) }),
  });
  return { kind: 'sent' };
}

export async function requestLoginLink(
  deps: AccountsDeps,
  mail: MailContext,
  input: { email: string; ref: string | null },
  client: Client,
): Promise<MailResult> {
  const wait = await mailAllowed(deps, input.email, client);
  if (wait !== null) return { kind: 'rate_limited', retryAfter: wait };
  afterAnswer(async () => {
    const user = await userByEmail(deps, input.email);
    if (user) await sendLoginLink(deps, mail, user.id, input.email, input.ref);
  });
  return { kind: 'sent' };
}

export async function requestPasswordReset(
  deps: AccountsDeps,
  mail: MailContext,
  input: { email: string },
  client: Client,
): Promise<MailResult> {
  const wait = await mailAllowed(deps, input.email, client);
  if (wait !== null) return { kind: 'rate_limited', retryAfter: wait };
  afterAnswer(async () => {
    const user = await userByEmail(deps, input.email);
    if (!user) return;
    const token = await issueToken(deps, 'reset_password', { userId: user.id });
    await deps.mailer.send({
      to: input.email,
      subject: mail.t('mail.reset.subject'),
      text: mail.t('mail.reset.body', { link: link(deps, mail.lang, { reset: token }) }),
    });
  });
  return { kind: 'sent' };
}

/** Sets the new password, signs out every device and lets the owner in past any lockout. */
export async function resetPassword(deps: AccountsDeps, input: { token: string; password: string }, client: Client): Promise<SignInResult> {
  const passwordHash = await hashPassword(input.password);
  const row = await redeemToken(deps, input.token, ['reset_password']);
  const user = row?.userId ? await userById(deps, row.userId) : null;
  if (!user) return { kind: 'invalid' };
  await deps.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  await endOtherSessions(deps, user.id, null);
  if (user.email) {
    const keys = loginKeys(user.email, client.ip);
    await clearAttempts(deps, [keys.account, keys.pair]);
  }
  return finishSignIn(deps, { ...user, passwordHash }, client);
}

/** A signed-in user asks to move the account to a new address; the link goes to that address. */
export async function requestEmailChange(deps: AccountsDeps, mail: MailContext, user: { id: number }, newEmail: string): Promise<void> {
  if (await userByEmail(deps, newEmail)) return;
  const token = await issueToken(deps, 'email_change', { userId: user.id, email: newEmail });
  await deps.mailer.send({
    to: newEmail,
    subject: mail.t('mail.emailChange.subject'),
    text: mail.t('mail.emailChange.body', { link: link(deps, mail.lang, { otpt: token }) }),
  });
}
