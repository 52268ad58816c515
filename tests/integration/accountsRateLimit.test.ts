/**
 * Issue 16 item 2 on PGlite and (with TEST_DATABASE_URL) PostgreSQL: the captcha is asked per
 * account (any address), re-authentication on profile actions counts against the sign-in
 * limits, and link requests answer before any work that depends on the account exists.
 * The race itself (20 sign-ins at once) is in loginRace.test.ts, on PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsHttp } from '../../src/server/accounts/http.ts';
import { linkMailsSettled } from '../../src/server/accounts/mailLinks.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { ENGLISH } from '../../src/i18n/messages.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { createHarness, signUp, type Harness } from './accountsHarness.ts';
import { DATABASES } from './databases.ts';

describe.each(DATABASES)('sign-in limits on $name', (database) => {
  let handle: DbHandle;
  let h: Harness;

  beforeAll(async () => {
    handle = await database.open();
    h = await createHarness(handle);
  });
  afterEach(() => {
    h.deps.captcha = null;
  });
  afterAll(async () => {
    await handle.close();
  });

  it('asks the captcha for an account attacked from many addresses, and lets the owner in with it solved', async () => {
    await signUp(h, h.browser(), 'mira@example.com', 'mira password 1');
    h.deps.captcha = (token) => Promise.resolve(token === 'solved');
    for (let i = 0; i < 5; i++) {
      const guess = await h
        .browser(`198.51.100.${String(20 + i)}`)
        .call((a) => a.login, 'POST', { email: 'mira@example.com', password: `guess ${i}` });
      expect(guess.status).toBe(401);
    }
    const owner = h.browser('192.0.2.60');
    const unsolved = await owner.call((a) => a.login, 'POST', { email: 'mira@example.com', password: 'mira password 1' });
    expect(unsolved.status).toBe(401);
    expect(unsolved.body.error).toMatchObject({ code: 'captcha_required' });
    const solved = await owner.call((a) => a.login, 'POST', { email: 'mira@example.com', password: 'mira password 1', captcha: 'solved' });
    expect(solved.status).toBe(200);
    // The right password started the account's count again: no captcha for the next sign-in.
    const next = await h.browser('192.0.2.61').call((a) => a.login, 'POST', { email: 'mira@example.com', password: 'mira password 1' });
    expect(next.status).toBe(200);
  });

  it('asks the captcha, not a wait, after five wrong passwords from the owner’s own address, and verifies the token', async () => {
    const b = h.browser('192.0.2.70');
    await signUp(h, b, 'noor@example.com', 'noor password 1');
    const verified: (string | undefined)[] = [];
    h.deps.captcha = (token) => {
      verified.push(token);
      return Promise.resolve(token === 'solved');
    };
    for (let i = 0; i < 5; i++) {
      expect((await b.call((a) => a.login, 'POST', { email: 'noor@example.com', password: `typo ${i}` })).status).toBe(401);
    }
    const unsolved = await b.call((a) => a.login, 'POST', { email: 'noor@example.com', password: 'noor password 1' });
    expect(unsolved.status).toBe(401);
    expect(unsolved.body.error).toMatchObject({ code: 'captcha_required' });
    // A refused token is refused before the password is looked at, even the right one.
    const refused = await b.call((a) => a.login, 'POST', { email: 'noor@example.com', password: 'noor password 1', captcha: 'forged' });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ code: 'captcha_failed' });
    const solved = await b.call((a) => a.login, 'POST', { email: 'noor@example.com', password: 'noor password 1', captcha: 'solved' });
    expect(solved.status).toBe(200);
    // No token, no call to the provider; each token sent was checked with it.
    expect(verified).toEqual(['forged', 'solved']);
  });

  it('without a captcha configured, the sixth attempt from one address waits as before', async () => {
    const b = h.browser('192.0.2.71');
    await signUp(h, b, 'omar@example.com', 'omar password 1');
    for (let i = 0; i < 5; i++) {
      expect((await b.call((a) => a.login, 'POST', { email: 'omar@example.com', password: `typo ${i}` })).status).toBe(401);
    }
    const sixth = await b.call((a) => a.login, 'POST', { email: 'omar@example.com', password: 'omar password 1', captcha: 'anything' });
    expect(sixth.status).toBe(429);
  });

  it('counts re-authentication on profile actions against the same limit: 12 wrong passwords are not 12 answers of 401', async () => {
    const b = h.browser('203.0.113.40');
    await signUp(h, b, 'rhea@example.com', 'rhea password 1');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const action = i % 3;
      const res =
        action === 0
          ? await b.call((a) => a.deleteProfile, 'POST', { password: `wrong ${i}` })
          : action === 1
            ? await b.call((a) => a.updateProfile, 'POST', {
                action: 'password',
                currentPassword: `wrong ${i}`,
                newPassword: 'a new password 123',
              })
            : await b.call((a) => a.updateProfile, 'POST', { action: 'email', password: `wrong ${i}`, email: 'rhea.new@example.com' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    // And the same address cannot go on guessing through the sign-in form either.
    expect((await h.browser('203.0.113.40').call((a) => a.login, 'POST', { email: 'rhea@example.com', password: 'x' })).status).toBe(429);
  });

  it('answers a reset or e-mail-link request before any work that depends on the account', async () => {
    await signUp(h, h.browser(), 'sven@example.com');
    // A mailer that does not finish until released: a request that waited for the known account's mail would hang.
    let written = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const stuck = accountsHttp({
      ...h.deps,
      mailer: {
        send: () => {
          written += 1;
          return held;
        },
      },
    });
    const t = createTranslator('en', ENGLISH, ENGLISH);
    const call = (handler: 'resetPassword' | 'loginWithEmail', email: string) =>
      stuck[handler]({
        request: new Request('http://localhost/api/nuxt/en/x', { method: 'POST', body: JSON.stringify({ email }) }),
        lang: 'en',
        localeCode: 'en',
        t,
        ip: '203.0.113.77',
      });
    const timeout = new Promise<'timed out'>((resolve) =>
      setTimeout(() => {
        resolve('timed out');
      }, 2000),
    );
    for (const handler of ['resetPassword', 'loginWithEmail'] as const) {
      const known = await Promise.race([call(handler, 'sven@example.com'), timeout]);
      const unknown = await Promise.race([call(handler, 'nobody@example.com'), timeout]);
      expect(known).not.toBe('timed out');
      expect(unknown).not.toBe('timed out');
      if (known === 'timed out' || unknown === 'timed out') continue;
      expect([known.status, await known.text()]).toEqual([unknown.status, await unknown.text()]);
    }
    // The mails for the known account are written after the answers (polled: a fixed pause
    // was too short on a busy machine).
    await vi.waitFor(() => {
      expect(written).toBe(2);
    });
    release();
    await linkMailsSettled();
  });
});
