/**
 * The public half of the reset-password captcha (SPEC §7 reset password {email, optional captcha
 * response token}): the provider's site key and widget script, read from PUBLIC_* variables at
 * build time. The secret half (CAPTCHA_VERIFY_URL, CAPTCHA_SECRET) stays on the server
 * (src/server/accounts/captcha.ts). Parsed with zod, so a bad value
 * names the variable instead of shipping a widget that can never load.
 * Server-side only (pages at render time): zod stays out of the browser bundles.
 */
import { z } from 'zod';

export interface CaptchaSiteConfig {
  siteKey: string;
  /** The widget script (hCaptcha or Turnstile api.js); the login island loads it on demand. */
  scriptUrl: string;
}

/** Site keys are short public tokens (hCaptcha: a UUID, Turnstile: `0x4AAA…`). */
const siteKey = z
  .string()
  .trim()
  .regex(/^[\w-]{1,200}$/, 'letters, digits, - and _ only (at most 200)');

/** A third-party script runs with the page's rights: only https, never a plain-http or relative URL. */
const scriptUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', 'an https URL');

const captchaEnvSchema = z
  .object({
    PUBLIC_CAPTCHA_SITE_KEY: siteKey.optional(),
    PUBLIC_CAPTCHA_SCRIPT_URL: scriptUrl.optional(),
  })
  .refine((env) => (env.PUBLIC_CAPTCHA_SITE_KEY === undefined) === (env.PUBLIC_CAPTCHA_SCRIPT_URL === undefined), {
    message: 'set both PUBLIC_CAPTCHA_SITE_KEY and PUBLIC_CAPTCHA_SCRIPT_URL, or neither',
    path: ['PUBLIC_CAPTCHA_SITE_KEY'],
  });

/** null: no captcha widget (the server then checks no token unless CAPTCHA_VERIFY_URL is set). */
export function parseCaptchaEnv(env: Record<string, unknown>): CaptchaSiteConfig | null {
  // Empty strings mean "unset", as in src/server/config.ts.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = captchaEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid captcha configuration:\n${problems}\nSee the configuration table in README.md.`);
  }
  const { PUBLIC_CAPTCHA_SITE_KEY: key, PUBLIC_CAPTCHA_SCRIPT_URL: url } = result.data;
  return key && url ? { siteKey: key, scriptUrl: url } : null;
}

export const CAPTCHA_SITE: CaptchaSiteConfig | null = parseCaptchaEnv({
  PUBLIC_CAPTCHA_SITE_KEY: import.meta.env.PUBLIC_CAPTCHA_SITE_KEY,
  PUBLIC_CAPTCHA_SCRIPT_URL: import.meta.env.PUBLIC_CAPTCHA_SCRIPT_URL,
});
