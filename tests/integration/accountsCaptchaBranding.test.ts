/**
 * Reset-password captcha against a local fake siteverify server (the form-post contract of
 * hCaptcha, Turnstile and reCAPTCHA), and the agent co-branding that `user data` carries
 * (SPEC §3 agent config, §6), on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 */
import { staff } from '../support/actors.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaVerifier } from '../../src/server/accounts/captcha.ts';
import { changeRole, linkAgentOperator } from '../../src/server/accounts/roles.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { countries, operators } from '../../src/server/db/schema.ts';
import { createHarness, signUp, type Harness } from './accountsHarness.ts';
import { DATABASES } from './databases.ts';

const SECRET = 'siteverify-test-secret';
const GOOD_TOKEN = 'widget-token-ok';

interface SiteverifyCall {
  contentType: string | undefined;
  form: URLSearchParams;
}

/** Answers {success} like the providers: true only for the right secret and GOOD_TOKEN. */
async function fakeSiteverify(): Promise<{ url: string; calls: SiteverifyCall[]; server: Server }> {
  const calls: SiteverifyCall[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      calls.push({ contentType: req.headers['content-type'], form });
      if (req.url === '/broken') {
        res.writeHead(500).end('oops');
        return;
      }
      const success = req.method === 'POST' && form.get('secret') === SECRET && form.get('response') === GOOD_TOKEN;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/siteverify`, calls, server };
}

describe.each(DATABASES)('reset-password captcha and agent branding on $name', (database) => {
  let handle: DbHandle;
  let h: Harness;
  let siteverify: Awaited<ReturnType<typeof fakeSiteverify>>;

  beforeAll(async () => {
    handle = await database.open();
    h = await createHarness(handle);
    siteverify = await fakeSiteverify();
  });
  afterAll(async () => {
    await new Promise((resolve) => siteverify.server.close(resolve));
    await handle.close();
  });

  describe('captcha on reset password', () => {
    it('without a verifier the token stays optional and unchecked', async () => {
      await signUp(h, h.browser(), 'cara@example.com', 'cara password 1');
      h.deps.captcha = null;
      const before = h.mails.length;
      expect(await h.browser().call((a) => a.resetPassword, 'POST', { email: 'cara@example.com' })).toMatchObject({ status: 200 });
      expect(await h.browser().call((a) => a.resetPassword, 'POST', { email: 'cara@example.com', captcha: 'anything' })).toMatchObject({
        status: 200,
      });
      expect(h.mails).toHaveLength(before + 2);
      expect(siteverify.calls).toHaveLength(0);
    });

    it('when configured, refuses a missing or failing token with 401 captcha_failed (its one status, server/api/catalogue.ts) and sends no mail', async () => {
      h.deps.captcha = captchaVerifier({ verifyUrl: siteverify.url, secret: SECRET });
      const before = h.mails.length;

      const missing = await h.browser().call((a) => a.resetPassword, 'POST', { email: 'cara@example.com' });
      expect(missing.status).toBe(401);
      expect(missing.body.error).toEqual({
        code: 'captcha_failed',
        message: 'We could not confirm that you are not a robot. Please complete the check and try again.',
      });
      // A missing token is refused without asking the provider.
      expect(siteverify.calls).toHaveLength(0);

      const wrong = await h.browser('198.51.100.4').call((a) => a.resetPassword, 'POST', { email: 'cara@example.com', captcha: 'forged' });
      expect(wrong.status).toBe(401);
      expect((wrong.body.error as { code: string }).code).toBe('captcha_failed');
      expect(h.mails).toHaveLength(before);

      const call = siteverify.calls.at(-1);
      expect(call?.contentType).toBe('application/x-www-form-urlencoded');
      expect(Object.fromEntries(call?.form ?? [])).toEqual({ secret: SECRET, response: 'forged', remoteip: '198.51.100.4' });
    });

    it('when configured, a token the provider accepts sends the reset mail', async () => {
      h.deps.captcha = captchaVerifier({ verifyUrl: siteverify.url, secret: SECRET });
      // Past the mail rate limit's window: the earlier resets of this account count against it.
      h.clock.now += 24 * 60 * 60 * 1000;
      const before = h.mails.length;
      const ok = await h.browser().call((a) => a.resetPassword, 'POST', { email: 'cara@example.com', captcha: GOOD_TOKEN });
      expect(ok).toMatchObject({ status: 200, body: { sent: true } });
      expect(h.mails).toHaveLength(before + 1);
      expect(h.mails.at(-1)?.to).toBe('cara@example.com');
    });

    it('fails closed when the provider errors or cannot be reached', async () => {
      const before = h.mails.length;
      h.deps.captcha = captchaVerifier({ verifyUrl: siteverify.url.replace('/siteverify', '/broken'), secret: SECRET });
      expect((await h.browser().call((a) => a.resetPassword, 'POST', { email: 'cara@example.com', captcha: GOOD_TOKEN })).status).toBe(401);
      // A port nobody listens on (the fake server's, once closed, is not reliable: use port 9 "discard").
      h.deps.captcha = captchaVerifier({ verifyUrl: 'http://127.0.0.1:9/siteverify', secret: SECRET });
      expect((await h.browser().call((a) => a.resetPassword, 'POST', { email: 'cara@example.com', captcha: GOOD_TOKEN })).status).toBe(401);
      expect(h.mails).toHaveLength(before);
      h.deps.captcha = null;
    });

    it('does not check the captcha on the second step (setting the new password from the mailed token)', async () => {
      h.deps.captcha = captchaVerifier({ verifyUrl: siteverify.url, secret: SECRET });
      const res = await h.browser().call((a) => a.resetPassword, 'POST', { token: 'not-a-real-token-123', password: 'new password 9' });
      expect(res.status).toBe(401);
      h.deps.captcha = null;
    });
  });

  describe('agent co-branding in user data', () => {
    it("carries the linked operator's id, logo and name for the signed-in agent only", async () => {
      await handle.db.insert(countries).values({ code: 'TH', slug: 'thailand', names: { en: 'Thailand' }, currency: 'THB' });
      const [operator] = await handle.db
        .insert(operators)
        .values({
          slug: 'green-bus',
          name: 'Green Bus',
          logo: '/logos/green-bus.svg',
          vehicleClasses: ['bus'],
          confirmation: 'instant',
          currency: 'THB',
          countryCode: 'TH',
        })
        .returning();
      if (!operator) throw new Error('no operator');

      const agent = h.browser();
      const id = await signUp(h, agent, 'agent@example.com', 'agent password 1');
      expect((await agent.call((a) => a.userData, 'GET')).body.agent).toBeNull();

      await changeRole(h.deps, id, 'reseller', staff(1));
      expect(await linkAgentOperator(h.deps.db, id, operator.id, staff(1))).toEqual({ ok: true, changed: true });
      await agent.call((a) => a.login, 'POST', { email: 'agent@example.com', password: 'agent password 1' });
      const data = await agent.call((a) => a.userData, 'GET');
      expect(data.body.user).toMatchObject({ role: 'reseller' });
      expect(data.body.agent).toEqual({ operator: { id: operator.id, logo: '/logos/green-bus.svg', name: 'Green Bus' } });

      // A visitor (no session) gets nothing, whatever display cookies say.
      const visitor = h.browser();
      visitor.jar.set('user_id', String(id));
      visitor.jar.set('role', 'reseller');
      expect((await visitor.call((a) => a.userData, 'GET')).body).toMatchObject({ user: null, agent: null });

      // Unlinking removes the branding; an unknown operator or user is refused.
      expect(await linkAgentOperator(h.deps.db, id, operator.id + 1000, staff(1))).toEqual({ ok: false, code: 'unknown_operator' });
      expect(await linkAgentOperator(h.deps.db, 987_654, operator.id, staff(1))).toEqual({ ok: false, code: 'not_a_reseller' });
      expect(await linkAgentOperator(h.deps.db, id, null, staff(1))).toEqual({ ok: true, changed: true });
      expect((await agent.call((a) => a.userData, 'GET')).body.agent).toBeNull();
    });
  });
});
