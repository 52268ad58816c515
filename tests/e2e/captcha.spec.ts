/**
 * The reset-password captcha in the login island against the built server (configured without
 * a captcha: no PUBLIC_CAPTCHA_*, no CAPTCHA_VERIFY_URL). Without a site key the form sends no
 * token and loads nothing from another site. With one (the island's props rewritten in the served
 * page, as a build with PUBLIC_CAPTCHA_SITE_KEY/PUBLIC_CAPTCHA_SCRIPT_URL renders them) the widget
 * script — a stand-in for Turnstile served by page.route — loads only when the reset form opens,
 * and its token goes out as `captcha`. A refused token (401 captcha_failed, answered by a route
 * stub) shows the server's message in the live region and resets the widget.
 *
 * Sign-in: after five wrong passwords a server with a captcha configured answers the next attempt
 * 401 captcha_required (proven against the real limiter in tests/integration/
 * accountsRateLimit.test.ts). This server has none, so a route stub answers as one would from
 * then on; the five wrong passwords go to the real server.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { allowOriginInPolicy } from '../support/browser.ts';

const TURNSTILE = 'https://challenges.cloudflare.com/turnstile/v0/api.js';
const SITE_KEY = '0x4AAAAAAAe2eTestKey';
const SENT = 'If an account exists for this email, we have sent it a message. Check your inbox.';
const CAPTCHA_FAILED = 'We could not confirm that you are not a robot. Please complete the check and try again.';
const CAPTCHA_REQUIRED =
  'This account has seen several sign-in attempts. Please complete the check to show you are not a robot, then try again.';
const WRONG_PASSWORD = 'The email or password is not correct.';

async function quietConsent(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'consent', value: '-1', url: baseURL ?? 'http://127.0.0.1' }]);
}

/** Every request the page makes to another origin than the site's, collected from the start. */
function thirdPartyRequests(page: Page, baseURL: string | undefined): string[] {
  const site = new URL(baseURL ?? 'http://127.0.0.1').origin;
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== site) urls.push(request.url());
  });
  return urls;
}

function resetRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/nuxt/en/reset-password') && request.method() === 'POST') requests.push(request);
  });
  return requests;
}

async function openResetForm(page: Page) {
  await page.goto('/en/login');
  // Buttons are enabled once the island has hydrated.
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
}

/** The 400 the endpoint answers when the captcha check fails (src/server/accounts/http.ts). */
async function refuseCaptchaOnce(page: Page) {
  let refused = false;
  await page.route('**/api/nuxt/en/reset-password', (route) => {
    if (refused) return route.fallback();
    refused = true;
    return route.fulfill({ status: 401, json: { error: { code: 'captcha_failed', message: CAPTCHA_FAILED } } });
  });
}

test.describe('without a captcha site key', () => {
  test('the reset form sends no token, loads nothing from another site, and confirms the mail', async ({ page, context, baseURL }) => {
    await quietConsent(context, baseURL);
    const thirdParty = thirdPartyRequests(page, baseURL);
    const resets = resetRequests(page);
    await openResetForm(page);
    await page.getByLabel('Email').fill('no-captcha@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(SENT);
    expect(resets.map((r) => r.postDataJSON() as unknown)).toEqual([{ email: 'no-captcha@example.com' }]);
    expect(thirdParty).toEqual([]);
  });

  test('a captcha_failed answer (401) shows the server’s message in the live region', async ({ page, context, baseURL }) => {
    await quietConsent(context, baseURL);
    await refuseCaptchaOnce(page);
    await openResetForm(page);
    await page.getByLabel('Email').fill('refused@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toHaveText(CAPTCHA_FAILED);
    // Still on the form, to try again.
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
    const results = await new AxeBuilder({ page }).include('.login').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(SENT);
  });
});

test.describe('with a captcha site key', () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await quietConsent(context, baseURL);
    // What a build with the PUBLIC_CAPTCHA_* settings renders: the island's props carry them.
    await page.route(
      (url) => url.pathname === '/en/login',
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const response = await route.fetch();
        const html = (await response.text())
          .replace('&quot;captchaSiteKey&quot;:[0,null]', `&quot;captchaSiteKey&quot;:[0,&quot;${SITE_KEY}&quot;]`)
          .replace('&quot;captchaScriptUrl&quot;:[0,null]', `&quot;captchaScriptUrl&quot;:[0,&quot;${TURNSTILE}&quot;]`);
        return route.fulfill({ response, ...allowOriginInPolicy(html, response.headers(), new URL(TURNSTILE).origin) });
      },
    );
    // A stand-in for Turnstile: hands out a numbered token on render and on each reset.
    await page.route(
      (url) => url.href.startsWith(TURNSTILE),
      (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: `window.__captcha = { renders: [], resets: 0 };
          window.turnstile = {
            render(el, opts) {
              window.__captcha.renders.push({ sitekey: opts.sitekey });
              window.__captcha.callback = opts.callback;
              el.textContent = 'captcha';
              opts.callback('fake-token');
              return 'widget-1';
            },
            reset(id) { window.__captcha.resets++; window.__captcha.callback('fake-token-' + (window.__captcha.resets + 1)); },
            remove() {},
          };`,
        }),
    );
  });

  test('the widget script loads only with the reset form, and its token is sent', async ({ page, baseURL }) => {
    const thirdParty = thirdPartyRequests(page, baseURL);
    const resets = resetRequests(page);
    await page.goto('/en/login');
    await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeEnabled();
    await page.waitForLoadState('load');
    expect(thirdParty).toEqual([]);

    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect.poll(() => thirdParty).toEqual([`${TURNSTILE}?render=explicit`]);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __captcha?: { renders: unknown[] } }).__captcha?.renders))
      .toEqual([{ sitekey: SITE_KEY }]);

    await page.getByLabel('Email').fill('with-captcha@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(SENT);
    expect(resets.map((r) => r.postDataJSON() as unknown)).toEqual([{ email: 'with-captcha@example.com', captcha: 'fake-token' }]);
  });

  test('a refused token shows the message and the widget hands out a fresh one', async ({ page }) => {
    await refuseCaptchaOnce(page);
    const resets = resetRequests(page);
    await openResetForm(page);
    await page.getByLabel('Email').fill('refused-captcha@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toHaveText(CAPTCHA_FAILED);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __captcha: { resets: number } }).__captcha.resets)).toBe(1);

    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(SENT);
    expect(resets.map((r) => (r.postDataJSON() as { captcha?: string }).captcha)).toEqual(['fake-token', 'fake-token-2']);
  });

  test('sign-in: five wrong passwords, then the widget appears; a refused token shows the message, a solved one signs in', async ({
    page,
    baseURL,
  }) => {
    const thirdParty = thirdPartyRequests(page, baseURL);
    const signIns: { email?: string; password?: string; captcha?: string }[] = [];
    let realAnswers = 0;
    // The first five go to the real server; then a captcha-configured server's answers.
    await page.route('**/api/nuxt/en/user', async (route) => {
      const body = route.request().postDataJSON() as { email?: string; password?: string; captcha?: string };
      signIns.push(body);
      if (realAnswers < 5) {
        realAnswers += 1;
        return route.fallback();
      }
      if (!body.captcha) return route.fulfill({ status: 401, json: { error: { code: 'captcha_required', message: CAPTCHA_REQUIRED } } });
      if (body.captcha === 'fake-token')
        return route.fulfill({ status: 401, json: { error: { code: 'captcha_failed', message: CAPTCHA_FAILED } } });
      return route.fulfill({ status: 200, json: { user: { id: 7, role: 'user', email: body.email, isTemp: false } } });
    });
    await page.goto('/en/login?ref=%2Fen%2Fabout');
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled();
    // A fresh account name per run: the server's attempt counts outlive a run for 15 minutes.
    const email = `captcha-owner-${String(Date.now())}@example.com`;
    await page.getByLabel('Email').fill(email);
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('Password').fill(`wrong password ${String(i)}`);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(WRONG_PASSWORD);
      await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled();
    }
    // Wrong passwords alone load nothing from the captcha provider.
    expect(thirdParty).toEqual([]);

    await page.getByLabel('Password').fill('the right password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(CAPTCHA_REQUIRED);
    await expect.poll(() => thirdParty).toEqual([`${TURNSTILE}?render=explicit`]);
    await expect(page.locator('.login__form .login__captcha')).toHaveText('captcha');
    const results = await new AxeBuilder({ page }).include('.login').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // The stand-in's first token is refused: the message shows and the widget hands out a new one.
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(CAPTCHA_FAILED);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __captcha: { resets: number } }).__captcha.resets))
      .toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/en/about');
    expect(signIns.map((b) => b.captcha)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      'fake-token',
      expect.stringMatching(/^fake-token-\d+$/),
    ]);
    expect(signIns.at(-1)).toMatchObject({ email, password: 'the right password' });
  });
});
