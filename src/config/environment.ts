/**
 * Every environment variable the server, the build, the scripts and the tests read — one zod
 * schema (issue 19). Each feature parses the variables it needs with `ENVIRONMENT.pick(…)`
 * (src/server/config.ts, booking, payment, tickets, jobs, events, mail), so a variable has one
 * type and one default wherever it is read. `environment.test.ts` holds README.md's
 * configuration table to this list — the same names, the same defaults — and fails for a
 * variable the source reads (through process.env or import.meta.env) that is not here.
 *
 * `meta.readme` is the default column of the README where the default is not a plain value
 * (a computed one, a development secret, a text). `meta.scope` says who reads the variable.
 */
import { z } from 'zod';
import { DEFAULT_HOLD_MINUTES } from '../domain/cart/holds.ts';

type Scope = 'server' | 'build' | 'scripts' | 'tests';
const about = (scope: Scope, readme?: string) => ({ scope, ...(readme ? { readme } : {}) });

/** Milliseconds between two runs of a background job. */
const jobInterval = (fallback: number) => z.coerce.number().int().min(100).max(3_600_000).default(fallback).meta(about('server'));
/** `true` switches a flag on; anything else (or unset) leaves it off. */
const flag = (scope: Scope) =>
  z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .meta(about(scope));
const seconds = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60 * 60)
    .default(fallback)
    .meta(about('server'));

/** Development values of the signing secrets: refused for an https SITE_URL (envParser.ts refuseDevelopmentSecrets). */
export const DEVELOPMENT_SECRETS = {
  PAYMENT_WEBHOOK_SECRET: 'sandbox-webhook-secret-for-development',
  SANDBOX_GATEWAY_SECRET: 'sandbox-gateway-secret-for-development',
  TICKET_LINK_SECRET: 'ticket-link-secret-for-development',
  YUNO_PRIVATE_SECRET_KEY: 'yuno-sandbox-private-key-for-development',
  YUNO_WEBHOOK_SECRET: 'yuno-sandbox-webhook-secret-for-development',
  FINAPI_CLIENT_SECRET: 'finapi-sandbox-client-secret-for-development',
  FINAPI_PASSWORD: 'finapi-sandbox-user-password-for-development',
  FINAPI_CALLBACK_SECRET: 'finapi-sandbox-callback-secret-for-development',
  MAIL_LINK_SECRET: 'mail-link-secret-for-development',
} as const;

export const ENVIRONMENT = z.object({
  // The server process.
  DATABASE_URL: z.url().optional().meta(about('server')),
  /**
   * PostgreSQL connections per server process. A reserve waiting for a busy departure's row lock
   * keeps its connection, so a small pool makes every other request queue behind the busiest
   * departure; keep processes × this under the server's max_connections (100 by default).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10).meta(about('server')),
  PGLITE_DATA_DIR: z.string().min(1).default('.data/db').meta(about('server')),
  /** Redis for the messages server processes send each other (src/server/bus); unset: PostgreSQL NOTIFY, or in-process on PGlite. */
  REDIS_URL: z.url().optional().meta(about('server')),
  HOST: z.string().min(1).default('localhost').meta(about('server')),
  PORT: z.coerce.number().int().min(1).max(65_535).default(4321).meta(about('server')),
  /** Processes on one port (scripts/serve.ts); `auto` is one per core. */
  WEB_CONCURRENCY: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
    .default(1)
    .meta(about('server')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').meta(about('server')),
  /**
   * Canonical origin of every absolute URL the server makes (mail links, gateway return and
   * webhook URLs, sitemap, hreflang). Unset: the address actually served, http://HOST:PORT.
   */
  SITE_URL: z.url().optional().meta(about('server', '`http://HOST:PORT`')),
  /** Mail: SMTP when set, otherwise `.eml` files in the outbox folder (src/server/mail). */
  SMTP_URL: z.string().min(1).optional().meta(about('server')),
  MAIL_FROM: z.string().min(3).default('Roamly <no-reply@roamly.localhost>').meta(about('server', 'Roamly no-reply')),
  MAIL_OUTBOX_DIR: z.string().min(1).default('.data/outbox').meta(about('server')),
  /** Sign in with Google: the OAuth client id (the ID token's audience) and Google's key set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional().meta(about('server')),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs').meta(about('server', "Google's key set URL")),
  /**
   * Captcha on "reset password": the provider's siteverify URL (hCaptcha, Turnstile, reCAPTCHA
   * share the form-post contract) and the secret. Both or neither; unset → the token is optional.
   */
  CAPTCHA_VERIFY_URL: z.url().optional().meta(about('server')),
  CAPTCHA_SECRET: z.string().min(1).optional().meta(about('server')),
  HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(DEFAULT_HOLD_MINUTES)
    .meta(about('server')),
  /** How long a booking change waits for another one's row locks before it answers `booking_busy`. */
  LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3000).meta(about('server')),
  /** Seconds after which a sender's claim on a confirmation mail counts as abandoned and the mail is retried. */
  MAIL_CLAIM_STALE_SECONDS: seconds(300),
  /** Seconds a delivery claim lasts: after a process died mid-delivery, the event is delivered again this much later. */
  EVENT_CLAIM_SECONDS: seconds(300),
  /**
   * scrypt's cost as log2 N for new password hashes: 17 is OWASP's (128 MiB, ~0.3 s here). The
   * test suites set 14 to sign up and sign in hundreds of times; an https site refuses below 17
   * (src/server/accounts/password.ts). Stored hashes carry their own cost, so either verifies.
   */
  PASSWORD_SCRYPT_LOG2N: z.coerce.number().int().min(14).max(20).default(17).meta(about('server')),
  /** A reseller's (agent's) commission on the bookings they make, in basis points of the amount paid (500 = 5 %). */
  RESELLER_COMMISSION_BASIS_POINTS: z.coerce.number().int().min(0).max(5000).default(500).meta(about('server')),
  COUNTER_PAYMENT_HOURS: z.coerce.number().int().min(1).max(168).default(24).meta(about('server')),
  /** Shared by the sandbox gateway and the shop to sign and verify webhooks. */
  PAYMENT_WEBHOOK_SECRET: z
    .string()
    .min(16)
    .default(DEVELOPMENT_SECRETS.PAYMENT_WEBHOOK_SECRET)
    .meta(about('server', 'a development value')),
  /** Signs the sandbox gateway's hosted-page sessions, so an amount cannot be edited in the URL. */
  SANDBOX_GATEWAY_SECRET: z
    .string()
    .min(16)
    .default(DEVELOPMENT_SECRETS.SANDBOX_GATEWAY_SECRET)
    .meta(about('server', 'a development value')),
  /**
   * The Yuno card provider (src/server/payment/yuno). Unset YUNO_API_URL: the local sandbox this
   * site serves at /sandbox-yuno/v1 (no outside network). With real keys: https://api-sandbox.y.uno/v1
   * (Yuno's test mode) or https://api.y.uno/v1.
   */
  YUNO_API_URL: z.url().optional().meta(about('server', 'the local sandbox')),
  YUNO_PUBLIC_API_KEY: z.string().min(8).default('yuno-sandbox-public-key').meta(about('server', 'a development value')),
  YUNO_PRIVATE_SECRET_KEY: z
    .string()
    .min(16)
    .default(DEVELOPMENT_SECRETS.YUNO_PRIVATE_SECRET_KEY)
    .meta(about('server', 'a development value')),
  /** Yuno's account id (Dashboard > Developers). */
  YUNO_ACCOUNT_ID: z.uuid().default('00000000-0000-4000-8000-000000000026').meta(about('server', 'a development value')),
  /** The secret Yuno signs webhooks with (x-hmac-signature, HMAC-SHA256 of the raw body). */
  YUNO_WEBHOOK_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.YUNO_WEBHOOK_SECRET).meta(about('server', 'a development value')),
  /** The country Yuno processes the payments in (ISO 3166-1 alpha-2). */
  YUNO_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('US')
    .meta(about('server')),
  /**
   * The finAPI bank-transfer provider (src/server/payment/finapi). Unset FINAPI_API_URL /
   * FINAPI_WEBFORM_URL: the local sandbox this site serves at /sandbox-finapi (no outside
   * network). With real keys: https://sandbox.finapi.io and https://webform-sandbox.finapi.io
   * (finAPI's sandbox), or https://live.finapi.io and https://webform-live.finapi.io.
   */
  FINAPI_API_URL: z.url().optional().meta(about('server', 'the local sandbox')),
  FINAPI_WEBFORM_URL: z.url().optional().meta(about('server', 'the local sandbox')),
  FINAPI_CLIENT_ID: z.string().min(4).default('finapi-sandbox-client').meta(about('server', 'a development value')),
  FINAPI_CLIENT_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.FINAPI_CLIENT_SECRET).meta(about('server', 'a development value')),
  /** The shop's own finAPI user, whose token creates the payment web forms and the refund transfers. */
  FINAPI_USERNAME: z.string().min(4).default('travel-shop').meta(about('server', 'a development value')),
  FINAPI_PASSWORD: z.string().min(16).default(DEVELOPMENT_SECRETS.FINAPI_PASSWORD).meta(about('server', 'a development value')),
  /** Signs the callback URLs the shop gives finAPI (finAPI's web form callbacks carry no signature of their own). */
  FINAPI_CALLBACK_SECRET: z
    .string()
    .min(16)
    .default(DEVELOPMENT_SECRETS.FINAPI_CALLBACK_SECRET)
    .meta(about('server', 'a development value')),
  /** The account travellers transfer to (the shop's), and the finAPI account id refunds are sent from. */
  FINAPI_RECIPIENT_NAME: z.string().min(2).max(70).default('Travel Shop Sandbox').meta(about('server')),
  FINAPI_RECIPIENT_IBAN: z
    .string()
    .regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/)
    .default('DE89370400440532013000')
    .meta(about('server')),
  FINAPI_ACCOUNT_ID: z.coerce.number().int().positive().default(1).meta(about('server')),
  /** Signs ticket links in mails and the QR code's booking reference. */
  TICKET_LINK_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.TICKET_LINK_SECRET).meta(about('server', 'a development value')),
  /** Support case attachments (src/server/support/uploads.ts): kept here, outside the served folder. */
  SUPPORT_UPLOAD_DIR: z.string().min(1).default('.data/uploads').meta(about('server')),
  /** The largest attachment accepted, in bytes (SPEC §5 "size limit"). */
  SUPPORT_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(5 * 1024 * 1024)
    .meta(about('server')),
  /** Signs the unsubscribe links of non-transactional mails (src/server/mail/preferences.ts). */
  MAIL_LINK_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.MAIL_LINK_SECRET).meta(about('server', 'a development value')),
  /** "off" keeps this process out of the background work (it still serves; another process leads). */
  JOBS: z.enum(['on', 'off']).default('on').meta(about('server')),
  JOB_HOLD_SWEEP_MS: jobInterval(30_000),
  JOB_WEBHOOKS_MS: jobInterval(1_000),
  JOB_EVENTS_MS: jobInterval(1_000),
  JOB_COUNTER_EXPIRY_MS: jobInterval(60_000),
  JOB_MAIL_BACKSTOP_MS: jobInterval(60_000),
  /** The after-trip NPS survey mails (src/server/support/surveys.ts). */
  JOB_NPS_SURVEYS_MS: jobInterval(300_000),
  JOB_TRIP_REMINDER_MS: jobInterval(300_000),
  /** How often the analytics day partitions are made ahead and the expired days dropped (src/server/analytics/partitions.ts). */
  JOB_ANALYTICS_PARTITIONS_MS: jobInterval(3_600_000),
  /** How many days of analytics events are kept (whole day partitions are dropped after that). */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400).meta(about('server')),
  /** How often a process that does not lead tries to take the leader lock (and the leader checks its connection). */
  JOB_LEADER_RETRY_MS: jobInterval(1_000),
  /** Set by scripts/serve.ts: the build's client/ folder, where pages rendered on request are kept. */
  RENDERED_PAGES_DIR: z.string().min(1).optional().meta(about('server', 'set by `scripts/serve.ts`')),
  /** Set by scripts/serve.ts: the built e-ticket PDF worker; unset, PDFs are drawn on the event loop. */
  TICKET_RENDER_WORKER: z.string().min(1).optional().meta(about('server', 'set by `scripts/serve.ts`')),
  /** The crash tests' switch and the point to crash at (src/server/crashPoints.ts); both, or nothing happens. */
  CRASH_POINTS_ENABLED: z.literal('test').optional().meta(about('tests')),
  CRASH_POINT: z.string().min(1).optional().meta(about('tests')),

  // The build (static pages read these when they are built; set them for build and start).
  ASTRO_OUT_DIR: z.string().min(1).default('dist').meta(about('build')),
  QUICK_BUILD_LOCALES: z.string().min(1).optional().meta(about('build', 'all 24')),
  PRERENDER_TRIP_PAGES: flag('build'),
  BUILD_ID: z.string().min(1).optional().meta(about('build', 'generated')),
  /** `true`: `npm start` writes the site search index and compressed copies after the server is up. */
  DEFER_AFTER_BUILD: flag('scripts'),
  PUBLIC_CAPTCHA_SITE_KEY: z.string().min(1).optional().meta(about('build')),
  PUBLIC_CAPTCHA_SCRIPT_URL: z.url().optional().meta(about('build')),
  PUBLIC_HOTEL_AFFILIATE_URL: z.url().optional().meta(about('build', 'see `src/config/site.ts`')),
  PUBLIC_ERROR_FOOTER: z.enum(['full', 'minimal']).default('full').meta(about('build')),

  // Tests and benchmarks.
  TEST_DATABASE_URL: z.url().optional().meta(about('tests')),
  TEST_REDIS_URL: z.url().optional().meta(about('tests')),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium').meta(about('tests')),
  E2E_PORT: z.coerce.number().int().min(1).max(65_535).default(4322).meta(about('tests')),
  E2E_PGLITE_DATA_DIR: z.string().min(1).default('.data/e2e-db').meta(about('tests')),
  /** Set by Vitest in its workers: handlers check their declared error codes (server/api/declared.ts). */
  VITEST: z.string().optional().meta(about('tests', 'set by Vitest')),
  CI: z.string().optional().meta(about('tests')),
  BENCH_DATABASE_URL: z.url().optional().meta(about('scripts', '`TEST_DATABASE_URL`')),
  BENCH_PORT: z.coerce.number().int().min(1).max(65_535).default(4399).meta(about('scripts')),
  BENCH_URL: z.url().optional().meta(about('scripts', 'a server it starts')),
  BENCH_TRACE: z.string().optional().meta(about('scripts')),
  /** A folder: the booking benchmark's server writes a V8 CPU profile there when it stops. */
  BENCH_CPU_PROF: z.string().min(1).optional().meta(about('scripts')),
});

export type Environment = z.output<typeof ENVIRONMENT>;
export type EnvironmentVariable = keyof typeof ENVIRONMENT.shape;

/** Empty strings mean "unset" (a blank line in an .env file), not an invalid value. */
function present(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value !== '') out[key] = value;
  return out;
}

/**
 * Some variables, parsed. For code outside the server's parsers (flags, build helpers,
 * scripts): `readEnvironment(['PRERENDER_TRIP_PAGES'])`. A bad value fails loudly, naming it.
 */
export function readEnvironment<K extends EnvironmentVariable>(
  names: readonly K[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Pick<Environment, K> {
  const shape = ENVIRONMENT.shape;
  const schema = z.object(Object.fromEntries(names.map((name) => [name, shape[name]])));
  const result = schema.safeParse(present(env));
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}\nSee the configuration table in README.md.`);
  }
  return result.data as unknown as Pick<Environment, K>;
}
