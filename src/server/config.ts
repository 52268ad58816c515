/**
 * Server configuration, parsed once from the environment with zod so that a typo fails the
 * start with a message naming the variable instead of surfacing later as odd behaviour.
 * The variables and their types are the one list of src/config/environment.ts.
 */
import type { z } from 'zod';
import { ENVIRONMENT } from '../config/environment.ts';
import { createEnvParser } from './envParser.ts';

const serverEnvSchema = ENVIRONMENT.pick({
  DATABASE_URL: true,
  DATABASE_POOL_MAX: true,
  PGLITE_DATA_DIR: true,
  REDIS_URL: true,
  HOST: true,
  PORT: true,
  LOG_LEVEL: true,
  SITE_URL: true,
  SMTP_URL: true,
  MAIL_FROM: true,
  MAIL_OUTBOX_DIR: true,
  GOOGLE_CLIENT_ID: true,
  GOOGLE_JWKS_URL: true,
  CAPTCHA_VERIFY_URL: true,
  CAPTCHA_SECRET: true,
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
