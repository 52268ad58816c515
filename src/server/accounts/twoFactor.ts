/**
 * Two-factor sign-in with TOTP (RFC 6238: 30-second steps, six digits, one step of clock drift
 * either way). A code works once: the accepted step is stored and only a later step is taken,
 * in one conditional UPDATE so that two requests with the same code cannot both pass.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { BRAND } from '../../config/site.ts';
import { users } from '../db/schema.ts';
import type { AccountsDeps } from './deps.ts';
import type { UserRow } from './sessions.ts';
import { hashToken } from './tokens.ts';

const RECOVERY_CODES = 10;

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({ issuer: BRAND.name, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretBase32) });
}

/** True when the code is right for now ±1 step and that step was not used before; records the step. */
export async function acceptTotp(deps: AccountsDeps, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const totp = totpFor(user.totpSecret, user.email ?? String(user.id));
  const timestamp = deps.now().getTime();
  const delta = totp.validate({ token: code, timestamp, window: 1 });
  if (delta === null) return false;
  const step = totp.counter({ timestamp }) + delta;
  const [row] = await deps.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return row !== undefined;
}

/** Uses up one recovery code (each works once). */
export async function acceptRecoveryCode(deps: AccountsDeps, userId: number, code: string): Promise<boolean> {
  const hash = hashToken(code);
  const [row] = await deps.db
    .update(users)
    .set({ recoveryCodeHashes: sql`array_remove(${users.recoveryCodeHashes}, ${hash})` })
    .where(and(eq(users.id, userId), sql`${hash} = any(${users.recoveryCodeHashes})`))
    .returning({ id: users.id });
  return row !== undefined;
}

export interface Enrolment {
  secret: string;
  uri: string;
  /** The otpauth URI as an SVG QR code for an authenticator app. */
  qrSvg: string;
}

/** Starts (or restarts) enrolment with a new secret; refused while two-factor is on. */
export async function startEnrolment(deps: AccountsDeps, user: UserRow): Promise<Enrolment | null> {
  if (user.totpEnabledAt) return null;
  const secret = new Secret({ size: 20 }).base32;
  await deps.db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)));
  const uri = totpFor(secret, user.email ?? String(user.id)).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from(randomBytes(RECOVERY_CODES), (b) => alphabet[b % alphabet.length]).join('');
}

/** Confirms enrolment with a first code; returns the recovery codes to show once. */
export async function confirmEnrolment(deps: AccountsDeps, user: UserRow, code: string): Promise<string[] | null> {
  if (user.totpEnabledAt || !user.totpSecret) return null;
  if (!(await acceptTotp(deps, user, code))) return null;
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await deps.db
    .update(users)
    .set({ totpEnabledAt: deps.now(), recoveryCodeHashes: codes.map(hashToken) })
    .where(eq(users.id, user.id));
  return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
}

/** Turns two-factor off after a valid code or recovery code. */
export async function disableTwoFactor(deps: AccountsDeps, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpEnabledAt) return false;
  const ok = /^\d{6}$/.test(code) ? await acceptTotp(deps, user, code) : await acceptRecoveryCode(deps, user.id, code);
  if (!ok) return false;
  await deps.db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [] })
    .where(eq(users.id, user.id));
  return true;
}
