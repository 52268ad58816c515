/**
 * What the account code needs from the outside world, passed in so that tests run it against
 * their own database, clock, mail folder and Google key set.
 */
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { parseServerEnv } from '../config.ts';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { captchaFromEnv, type CaptchaVerifier } from './captcha.ts';
import { getMailer } from '../mail/index.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface GoogleConfig {
  /** The OAuth client id: the audience every ID token must carry. Unset → Google sign-in is off. */
  clientId: string | undefined;
  keys: JWTVerifyGetKey;
}

export interface AccountsDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  /** Origin for links in mails. */
  siteUrl: string;
  google: GoogleConfig;
  /** Production cookies: `__Host-` prefix and Secure (needs https). */
  secureCookies: boolean;
  /** Checks the reset-password captcha token; null (not configured) = the token is not checked. */
  captcha?: CaptchaVerifier | null;
}

let deps: Promise<AccountsDeps> | undefined;

export function getAccountsDeps(): Promise<AccountsDeps> {
  deps ??= (async () => {
    const env = parseServerEnv();
    const handle = await getDbHandle();
    return {
      db: handle.db,
      mailer: getMailer(),
      now: () => new Date(),
      siteUrl: env.SITE_URL.replace(/\/$/, ''),
      google: { clientId: env.GOOGLE_CLIENT_ID, keys: createRemoteJWKSet(new URL(env.GOOGLE_JWKS_URL)) },
      secureCookies: env.SITE_URL.startsWith('https:'),
      captcha: captchaFromEnv(env),
    };
  })();
  return deps;
}
