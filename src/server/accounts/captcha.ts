/**
 * Captcha check for "reset password" (SPEC §7: {email, optional captcha response token}). One
 * contract serves hCaptcha, Cloudflare Turnstile and reCAPTCHA: a form post of `secret`,
 * `response` and `remoteip` to the provider's siteverify URL, answered with `{ "success": bool }`.
 * Without configuration there is no verifier and the token stays optional and unchecked.
 */
import { z } from 'zod';

export interface CaptchaConfig {
  verifyUrl: string;
  secret: string;
}

export type CaptchaVerifier = (token: string | undefined, remoteIp: string) => Promise<boolean>;

const siteverifyAnswer = z.object({ success: z.boolean() });

/** A slow provider must not hold the request open: after this the check counts as failed. */
const TIMEOUT_MS = 5000;

export function captchaVerifier(config: CaptchaConfig, fetchImpl: typeof fetch = fetch): CaptchaVerifier {
  return async (token, remoteIp) => {
    if (!token) return false;
    const form = new URLSearchParams({ secret: config.secret, response: token });
    // "unknown" (no socket address, e.g. in tests) would only confuse the provider's risk model.
    if (remoteIp && remoteIp !== 'unknown') form.set('remoteip', remoteIp);
    try {
      const response = await fetchImpl(config.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) return false;
      const parsed = siteverifyAnswer.safeParse(await response.json());
      return parsed.success && parsed.data.success;
    } catch {
      // Unreachable or garbled provider: fail closed, a reset mail is what the captcha guards.
      return false;
    }
  };
}

export function captchaFromEnv(env: {
  CAPTCHA_VERIFY_URL?: string | undefined;
  CAPTCHA_SECRET?: string | undefined;
}): CaptchaVerifier | null {
  return env.CAPTCHA_VERIFY_URL && env.CAPTCHA_SECRET
    ? captchaVerifier({ verifyUrl: env.CAPTCHA_VERIFY_URL, secret: env.CAPTCHA_SECRET })
    : null;
}
