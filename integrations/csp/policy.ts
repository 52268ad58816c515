/**
 * The script and style part of the Content Security Policy, for Astro's built-in CSP
 * (`security.csp` in astro.config.mjs). Astro writes it into every page as a
 * `<meta http-equiv="content-security-policy">` with the hashes of its own inline scripts and
 * styles, so no inline script runs unless Astro put it there. The rest of the policy
 * (frame-ancestors, which a meta tag cannot carry) is a header: scripts/lib/securityHeaders.ts.
 *
 * Third-party scripts are allowed only when their feature is configured (build-time settings):
 * Google sign-in (GOOGLE_CLIENT_ID) and the reset-password captcha (PUBLIC_CAPTCHA_SCRIPT_URL).
 */

import { CONSENT_AT_ONCE_HASH } from '../../src/components/shell/consentAtOnce.ts';

/** A directive as Astro's config accepts it (its type is not exported). */
type Directive = `${'object-src' | 'base-uri' | 'frame-src'} ${string}`;

export interface CspSettings {
  GOOGLE_CLIENT_ID?: string | undefined;
  PUBLIC_CAPTCHA_SCRIPT_URL?: string | undefined;
}

const GOOGLE_ORIGIN = 'https://accounts.google.com';

function thirdPartyOrigins(env: CspSettings): string[] {
  const origins: string[] = [];
  if (env.GOOGLE_CLIENT_ID) origins.push(GOOGLE_ORIGIN);
  if (env.PUBLIC_CAPTCHA_SCRIPT_URL) origins.push(new URL(env.PUBLIC_CAPTCHA_SCRIPT_URL).origin);
  return origins;
}

export function cspConfig(env: CspSettings) {
  const origins = thirdPartyOrigins(env);
  return {
    algorithm: 'SHA-256' as const,
    directives: ["object-src 'none'", "base-uri 'self'", `frame-src ${["'self'", ...origins].join(' ')}`] satisfies Directive[],
    // 'wasm-unsafe-eval' lets the site search (Pagefind, WebAssembly) compile its module; it
    // allows no eval of JavaScript.
    // The consent bar's inline script (src/components/shell/consentAtOnce.ts) is not Astro's own.
    scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'", ...origins], hashes: [CONSENT_AT_ONCE_HASH] },
    styleDirective: { resources: ["'self'", ...origins] },
  };
}
