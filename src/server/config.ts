/**
 * Server configuration, parsed once from the environment with zod so that a typo fails the
 * start with a message naming the variable instead of surfacing later as odd behaviour.
 * Every variable is listed in the README's configuration table.
 */
import { z } from 'zod';
import { createEnvParser } from './envParser.ts';

const serverEnvSchema = z.object({
  DATABASE_URL: z.url().optional(),
  /**
   * PostgreSQL connections per server process. A reserve waiting for a busy departure's row lock
   * keeps its connection, so a small pool makes every other request queue behind the busiest
   * departure; keep processes × this under the server's max_connections (100 by default).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_DATA_DIR: z.string().min(1).default('.data/db'),
  /** Redis for the messages server processes send each other (src/server/bus); unset: PostgreSQL NOTIFY, or in-process on PGlite. */
  REDIS_URL: z.url().optional(),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(4321),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Canonical origin of every absolute URL the server makes (mail links, gateway return and
   * webhook URLs, sitemap, hreflang). Unset: the address actually served, http://HOST:PORT.
   */
  SITE_URL: z.url().optional(),
  /** Mail: SMTP when set, otherwise `.eml` files in the outbox folder (src/server/mail). */
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Roamly <no-reply@roamly.localhost>'),
  MAIL_OUTBOX_DIR: z.string().min(1).default('.data/outbox'),
  /** Sign in with Google: the OAuth client id (the ID token's audience) and Google's key set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /**
   * Captcha on "reset password": the provider's siteverify URL (hCaptcha, Turnstile, reCAPTCHA
   * share the form-post contract) and the secret. Both or neither; unset → the token is optional.
   */
  CAPTCHA_VERIFY_URL: z.url().optional(),
  CAPTCHA_SECRET: z.string().min(1).optional(),
});

export type ServerEnv = z.infer<typeof serverEnvSchema> & { SITE_URL: string };

/** http://HOST:PORT, with a wildcard listen address shown as localhost (a browser cannot open 0.0.0.0). */
export function defaultSiteUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${String(port)}`;
}

const parseRawServerEnv = createEnvParser(
  serverEnvSchema.refine((e) => (e.CAPTCHA_VERIFY_URL === undefined) === (e.CAPTCHA_SECRET === undefined), {
    message: 'set both CAPTCHA_VERIFY_URL and CAPTCHA_SECRET, or neither',
    path: ['CAPTCHA_SECRET'],
  }),
  'See the configuration table in README.md.',
);

const completed = new WeakMap<object, ServerEnv>();

export function parseServerEnv(env?: Record<string, string | undefined>): ServerEnv {
  const raw = parseRawServerEnv(env);
  let full = completed.get(raw);
  if (!full) {
    full = { ...raw, SITE_URL: raw.SITE_URL ?? defaultSiteUrl(raw.HOST, raw.PORT) };
    completed.set(raw, full);
  }
  return full;
}

/** The origin every absolute URL is built on (never the request's Host header). */
export function siteOrigin(env?: Record<string, string | undefined>): string {
  return new URL(parseServerEnv(env).SITE_URL).origin;
}
