/**
 * Site-wide white-label branding (SPEC §3 agent/white-label config `wl {logo, title}`,
 * `disableLogoUrl`), read from PUBLIC_* variables at build time. Parsed with zod when the module
 * loads, so a bad value fails the build naming the variable instead of shipping a broken header.
 * Server-side only (components at build time): zod stays out of the browser bundles.
 */
import { z } from 'zod';
import type { WhiteLabelConfig } from '../domain/branding.ts';

/** An absolute http(s) URL or a path on this site; protocol-relative `//host` is refused as ambiguous. */
const logoUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), 'an http(s) URL or a path starting with /');

const whiteLabelEnvSchema = z.object({
  PUBLIC_WL_LOGO: logoUrl.optional(),
  PUBLIC_WL_TITLE: z.string().trim().min(1).max(80).optional(),
  PUBLIC_DISABLE_LOGO_URL: z.enum(['true', 'false']).default('false'),
});

export function parseWhiteLabelEnv(env: Record<string, unknown>): WhiteLabelConfig {
  // Empty strings mean "unset", as in src/server/config.ts.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = whiteLabelEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid white-label configuration:\n${problems}\nSee the configuration table in README.md.`);
  }
  const { PUBLIC_WL_LOGO: logo, PUBLIC_WL_TITLE: title, PUBLIC_DISABLE_LOGO_URL } = result.data;
  return { logo, title, disableLogoUrl: PUBLIC_DISABLE_LOGO_URL === 'true' };
}

export const WHITE_LABEL: WhiteLabelConfig = parseWhiteLabelEnv({
  PUBLIC_WL_LOGO: import.meta.env.PUBLIC_WL_LOGO,
  PUBLIC_WL_TITLE: import.meta.env.PUBLIC_WL_TITLE,
  PUBLIC_DISABLE_LOGO_URL: import.meta.env.PUBLIC_DISABLE_LOGO_URL,
});
