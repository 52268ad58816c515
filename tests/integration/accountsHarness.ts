/**
 * Drives the account API handlers as a browser would: each `Browser` keeps its own cookie jar,
 * the clock is under the test's control, mail lands in a list, and Google's key set is a local
 * key pair (jose), so tokens can be signed right, wrong, expired or by a stranger.
 */
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { TOTP, Secret } from 'otpauth';
import { ENGLISH } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import type { AccountsDeps } from '../../src/server/accounts/deps.ts';
import { linkMailsSettled } from '../../src/server/accounts/mailLinks.ts';
import { accountsHttp, type AccountsHttp, type AccountRequest } from '../../src/server/accounts/http.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';

export const GOOGLE_CLIENT_ID = 'roamly-test.apps.googleusercontent.com';
export const START = Date.UTC(2026, 10, 21, 8, 0, 0);

export interface Harness {
  deps: AccountsDeps;
  api: AccountsHttp;
  mails: MailMessage[];
  clock: { now: number };
  google: { sign(claims: Record<string, unknown>, options?: { key?: 'trusted' | 'stranger'; expiresInS?: number }): Promise<string> };
  browser(ip?: string): Browser;
}

export interface Result {
  status: number;
  body: Record<string, unknown>;
  setCookies: string[];
  headers: Headers;
}

export class Browser {
  readonly jar = new Map<string, string>();
  private readonly api: AccountsHttp;
  readonly ip: string;
  constructor(api: AccountsHttp, ip: string) {
    this.api = api;
    this.ip = ip;
  }

  async call(pick: (api: AccountsHttp) => (req: AccountRequest) => Promise<Response>, method: string, body?: unknown): Promise<Result> {
    const headers = new Headers({ 'content-type': 'application/json' });
    if (this.jar.size) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '));
    const request = new Request('http://localhost/api/nuxt/en/x', {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const t = createTranslator('en', ENGLISH, ENGLISH);
    const response = await pick(this.api)({ request, lang: 'en', localeCode: 'en', t, ip: this.ip });
    // Link mails are written after the answer (same answer time for known and unknown addresses).
    await linkMailsSettled();
    const setCookies = response.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const i = (pair ?? '').indexOf('=');
      const name = (pair ?? '').slice(0, i);
      const value = decodeURIComponent((pair ?? '').slice(i + 1));
      if (c.includes('Max-Age=0')) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, setCookies, headers: response.headers };
  }
}

export async function createHarness(handle: DbHandle): Promise<Harness> {
  const clock = { now: START };
  const mails: MailMessage[] = [];
  const trusted = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(trusted.publicKey)), kid: 'trusted', alg: 'RS256', use: 'sig' };
  const deps: AccountsDeps = {
    db: handle.db,
    mailer: {
      send(message) {
        mails.push(message);
        return Promise.resolve();
      },
    },
    now: () => new Date(clock.now),
    siteUrl: 'http://localhost:4321',
    google: { clientId: GOOGLE_CLIENT_ID, keys: createLocalJWKSet({ keys: [jwk] }) },
    secureCookies: false,
  };
  const api = accountsHttp(deps);
  return {
    deps,
    api,
    mails,
    clock,
    google: {
      sign(claims, options = {}) {
        const key = options.key === 'stranger' ? stranger.privateKey : trusted.privateKey;
        const iat = Math.floor(clock.now / 1000);
        return new SignJWT({ iss: 'https://accounts.google.com', aud: GOOGLE_CLIENT_ID, ...claims })
          .setProtectedHeader({ alg: 'RS256', kid: 'trusted' })
          .setIssuedAt(iat)
          .setExpirationTime(iat + (options.expiresInS ?? 3600))
          .sign(key);
      },
    },
    browser: (ip = '203.0.113.7') => new Browser(api, ip),
  };
}

/** The token of the link in the last mail to `to` (query parameter `otpt` or `reset`). */
export function linkToken(mails: readonly MailMessage[], to: string, param: 'otpt' | 'reset' = 'otpt'): string {
  const mail = mails.filter((m) => m.to === to).at(-1);
  const url = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  const token = url ? new URL(url).searchParams.get(param) : null;
  if (!token) throw new Error(`no ${param} link in the last mail to ${to}`);
  return token;
}

export function totpCode(secret: string, atMs: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: atMs });
}

/** Registers and verifies an account, leaving the browser signed in. */
export async function signUp(h: Harness, b: Browser, email: string, password = 'correct horse battery'): Promise<number> {
  await b.call((a) => a.register, 'POST', { email, password, name: 'Test Traveller' });
  const res = await b.call((a) => a.otpt, 'POST', { token: linkToken(h.mails, email) });
  const user = res.body.user as { id: number } | undefined;
  if (!user) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  return user.id;
}
