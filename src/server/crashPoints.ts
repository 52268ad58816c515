/**
 * Named places where the crash test (tests/e2e/crash.spec.ts) kills the server with SIGKILL, to
 * prove that a process dying at that instant loses no booking, seat, payment or mail.
 *
 * A point fires only when BOTH variables are set: CRASH_POINTS_ENABLED=test (the test-only
 * switch, so a stray CRASH_POINT in production does nothing) and CRASH_POINT naming the point.
 * They are read once when the module loads; an unarmed point costs one string comparison.
 */
import { z } from 'zod';
import { ENVIRONMENT } from '../config/environment.ts';

export const CRASH_POINTS = [
  /** The seats are held and committed; the traveller has not had the answer. */
  'after-hold',
  /** The payment session is recorded; the traveller has not been sent to the gateway. */
  'after-place-order',
  /** The gateway recorded the successful payment in its outbox; the webhook is not posted yet. */
  'after-gateway-success',
  /** Inside the webhook's transaction: seats sold and payment marked, not yet committed. */
  'mid-webhook',
  /** The confirmation mail is claimed; it has not been sent. */
  'mid-mail',
] as const;

export type CrashPointName = (typeof CRASH_POINTS)[number];

const crashEnv = ENVIRONMENT.pick({ CRASH_POINTS_ENABLED: true }).extend({ CRASH_POINT: z.enum(CRASH_POINTS).optional() });

/** The armed point, if any: both variables set and valid. An invalid value fails the start loudly. */
export function armedCrashPoint(env: Record<string, string | undefined> = process.env): CrashPointName | undefined {
  const parsed = crashEnv.parse({ CRASH_POINTS_ENABLED: env.CRASH_POINTS_ENABLED || undefined, CRASH_POINT: env.CRASH_POINT || undefined });
  return parsed.CRASH_POINTS_ENABLED === 'test' ? parsed.CRASH_POINT : undefined;
}

const armed = armedCrashPoint();

/** Kills this process at once (no cleanup, no flush: like a power cut) when `name` is the armed point. */
export function crashPoint(name: CrashPointName): void {
  if (armed !== name) return;
  process.kill(process.pid, 'SIGKILL');
}
