/**
 * Two-factor sign-in (TOTP, RFC 6238) and Google credentials, on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL. Time moves by whole 30-second steps under the test's control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { createHarness, signUp, totpCode, type Browser, type Harness } from './accountsHarness.ts';
import { DATABASES } from './databases.ts';

const STEP = 30_000;

describe.each(DATABASES)('second factor and Google on $name', (database) => {
  let handle: DbHandle;
  let h: Harness;

  beforeAll(async () => {
    handle = await database.open();
    h = await createHarness(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  describe('TOTP', () => {
    let secret = '';
    let recoveryCodes: string[] = [];
    const email = 'totp@example.com';
    const password = 'totp password 1';

    async function firstStep(): Promise<string> {
      const res = await h.browser().call((a) => a.login, 'POST', { email, password });
      expect(res.status).toBe(200);
      expect(res.body.user).toBeUndefined();
      expect(res.setCookies).toEqual([]);
      return res.body.token as string;
    }

    async function secondStep(b: Browser, token: string, code: string) {
      return b.call((a) => a.login, 'POST', { token, code });
    }

    it('enrols with a QR code and turns on only after a correct first code', async () => {
      const b = h.browser();
      await signUp(h, b, email, password);
      const start = await b.call((a) => a.twoFactor, 'POST', { action: 'start' });
      expect(start.status).toBe(200);
      secret = start.body.secret as string;
      expect(start.body.uri).toMatch(/^otpauth:\/\/totp\/Roamly:totp%40example\.com\?/);
      expect(start.body.qrSvg).toMatch(/^<svg/);
      const wrong = await b.call((a) => a.twoFactor, 'POST', { action: 'confirm', code: totpCode(secret, h.clock.now + 5 * STEP) });
      expect(wrong.status).toBe(401);
      const right = await b.call((a) => a.twoFactor, 'POST', { action: 'confirm', code: totpCode(secret, h.clock.now) });
      expect(right.status).toBe(200);
      recoveryCodes = right.body.recoveryCodes as string[];
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      expect((await b.call((a) => a.profile, 'GET')).body.profile).toMatchObject({ twoFactor: true });
    });

    it('gives a token instead of a session, and accepts a code from one step earlier', async () => {
      h.clock.now += 2 * STEP;
      const token = await firstStep();
      const b = h.browser();
      const res = await secondStep(b, token, totpCode(secret, h.clock.now - STEP));
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email, twoFactor: true });
      expect(b.jar.get('session')).toBeDefined();
    });

    it('refuses a code that was already used', async () => {
      const token = await firstStep();
      const reused = await secondStep(h.browser(), token, totpCode(secret, h.clock.now - STEP));
      expect(reused.status).toBe(401);
      expect(reused.body.error).toMatchObject({ code: 'invalid_code' });
    });

    it('accepts a code one step ahead but not two steps away', async () => {
      const token = await firstStep();
      const b = h.browser();
      expect((await secondStep(b, token, totpCode(secret, h.clock.now + 2 * STEP))).status).toBe(401);
      expect((await secondStep(b, token, totpCode(secret, h.clock.now + STEP))).status).toBe(200);
      // The token is used up with the successful step.
      h.clock.now += 4 * STEP;
      expect((await secondStep(b, token, totpCode(secret, h.clock.now))).status).toBe(401);
    });

    it('accepts each recovery code once', async () => {
      const code = recoveryCodes[0] ?? '';
      expect((await secondStep(h.browser(), await firstStep(), code.toUpperCase())).status).toBe(200);
      expect((await secondStep(h.browser(), await firstStep(), code)).status).toBe(401);
    });

    it('answers 429 after five wrong codes', async () => {
      h.clock.now += 20 * 60_000;
      const token = await firstStep();
      const statuses = [];
      const wrong = totpCode(secret, h.clock.now + 10 * STEP);
      for (let i = 0; i < 6; i++) statuses.push((await secondStep(h.browser(), token, wrong)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('turns two-factor off with a valid code, after which a password alone signs in', async () => {
      h.clock.now += 20 * 60_000;
      const b = h.browser();
      await secondStep(b, await firstStep(), totpCode(secret, h.clock.now));
      h.clock.now += STEP;
      expect((await b.call((a) => a.disableTwoFactor, 'DELETE', { code: '123456' })).status).toBe(401);
      expect((await b.call((a) => a.disableTwoFactor, 'DELETE', { code: totpCode(secret, h.clock.now) })).status).toBe(200);
      const res = await h.browser().call((a) => a.login, 'POST', { email, password });
      expect(res.body.user).toMatchObject({ email, twoFactor: false });
    });
  });

  describe('Google credential', () => {
    const google = (credential: string) => h.browser().call((a) => a.loginWithGoogle, 'POST', { credential });

    it('signs in a new traveller with a valid ID token and creates the account', async () => {
      const res = await google(await h.google.sign({ sub: 'g-1', email: 'Mia@Gmail.com', email_verified: true, name: 'Mia' }));
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email: 'mia@gmail.com', name: 'Mia' });
      const again = await google(await h.google.sign({ sub: 'g-1', email: 'mia@gmail.com', email_verified: true }));
      expect((again.body.user as { id: number }).id).toBe((res.body.user as { id: number }).id);
    });

    it('joins the account that already has the verified email', async () => {
      const id = await signUp(h, h.browser(), 'noa@example.com');
      const res = await google(await h.google.sign({ sub: 'g-2', email: 'noa@example.com', email_verified: true }));
      expect((res.body.user as { id: number }).id).toBe(id);
    });

    it('refuses an expired token', async () => {
      const token = await h.google.sign({ sub: 'g-3', email: 'x@gmail.com', email_verified: true }, { expiresInS: 60 });
      h.clock.now += 2 * 60_000;
      const res = await google(token);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'invalid_google' });
    });

    it('refuses a token for another audience', async () => {
      const res = await google(
        await h.google.sign({ sub: 'g-4', aud: 'someone-else.apps.googleusercontent.com', email: 'y@gmail.com', email_verified: true }),
      );
      expect(res.status).toBe(401);
    });

    it('refuses a token from another issuer', async () => {
      const res = await google(
        await h.google.sign({ sub: 'g-5', iss: 'https://evil.example', email: 'z@gmail.com', email_verified: true }),
      );
      expect(res.status).toBe(401);
    });

    it('refuses a token signed by a key Google does not publish', async () => {
      const res = await google(await h.google.sign({ sub: 'g-6', email: 'w@gmail.com', email_verified: true }, { key: 'stranger' }));
      expect(res.status).toBe(401);
    });

    it('refuses an unverified Google email rather than joining an account with it', async () => {
      await signUp(h, h.browser(), 'ola@example.com');
      const res = await google(await h.google.sign({ sub: 'g-7', email: 'ola@example.com', email_verified: false }));
      expect(res.status).toBe(401);
    });
  });
});
