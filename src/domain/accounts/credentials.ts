/**
 * What a valid email and password look like (SPEC §5 email rule; OWASP length limits).
 * The upper bound keeps a hash request from costing the server more than a real password would.
 */
import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Addresses compare case-insensitively, so they are stored and looked up lower-cased. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('field-error-email'))
  .transform((e) => e.toLowerCase());

export const passwordSchema = z.string().min(PASSWORD_MIN, 'password-too-short').max(PASSWORD_MAX, 'password-too-long');

/** A TOTP code: six digits (spaces people type between the groups are dropped). */
export const totpCodeSchema = z
  .string()
  .transform((c) => c.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'code-format'));

/** A recovery code as shown to the user: ten characters in two groups. */
export const recoveryCodeSchema = z
  .string()
  .transform((c) => c.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'code-format'));
