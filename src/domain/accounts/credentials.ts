/**
 * What a valid email and password look like (SPEC §5 email rule; OWASP length limits), as the
 * server's zod schemas. The limits themselves live in `credentialLimits.ts`, which islands import
 * without pulling zod into the browser.
 */
import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './credentialLimits.ts';

export { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN };

/** Addresses compare case-insensitively, so they are stored and looked up lower-cased. */
export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX)
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
