/**
 * Header branding and Google one-tap in a real browser against the built server (default
 * configuration: no white label, no Google client id). The rules themselves are unit-tested
 * (src/domain/branding.test.ts, oneTap.test.ts); here: the default logo, agent co-branding from
 * `user data` (answered by a route stub, as a reseller account linked to an operator would get),
 * and which pages request Google Identity Services — none by default; with a client id (the
 * build's marker rewritten in the served page) home does and checkout does not.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { allowOriginInPolicy, seriousViolations } from '../support/browser.ts';

const GIS = 'https://accounts.google.com/gsi/client';

async function quietConsent(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'consent', value: '-1', url: baseURL ?? 'http://127.0.0.1' }]);
}

async function signedInAs(context: BrowserContext, baseURL: string | undefined, cookies: Record<string, string>) {
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: baseURL ?? 'http://127.0.0.1' })));
}

/** Every request the page makes to Google, collected from the start. */
function googleRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname.endsWith('google.com')) urls.push(request.url());
  });
  return urls;
}

/** Lets the idle callback (timeout 4 s) that starts one-tap run, were it going to. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 4000 })));
  await page.waitForTimeout(300);
}

test.describe('header logo', () => {
  test('links to the language home with the site name by default, in English and Arabic', async ({ page, context, baseURL }) => {
    await quietConsent(context, baseURL);
    await page.goto('/en/support');
    const logo = page.getByRole('banner').getByRole('link', { name: 'Roamly home page' });
    await expect(logo).toHaveAttribute('href', '/en');
    await expect(logo).toContainText('Roamly');
    await expect(logo.locator('img')).toHaveCount(0);
    expect(await seriousViolations(page, 'header')).toEqual([]);

    await page.goto('/ar');
    await expect(page.getByRole('banner').locator('[data-brand-logo]')).toHaveAttribute('href', '/ar');
  });

  test('a traveller’s page does not ask for user data for branding', async ({ page, context, baseURL }) => {
    await quietConsent(context, baseURL);
    await signedInAs(context, baseURL, { user_id: '41', role: 'user', is_staff: '0' });
    const userData: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/user-data')) userData.push(r.url());
    });
    await page.goto('/en/support');
    await settle(page);
    expect(userData).toEqual([]);
    await expect(page.locator('[data-brand-logo]')).not.toHaveAttribute('data-brand-source', /./);
  });

  test("a signed-in agent sees the operator's logo and name, without moving the rest of the header", async ({ page, context, baseURL }) => {
    await quietConsent(context, baseURL);
    await signedInAs(context, baseURL, { user_id: '42', role: 'reseller', is_staff: '0', balance: '0', balance_fxcode: 'USD' });
    let operator: { id: number; logo: string; name: string } | null = null;
    let userDataCalls = 0;
    await page.route('**/api/nuxt/en/user-data', (route) => {
      userDataCalls++;
      return route.fulfill({
        json: {
          user: { id: 42, role: 'reseller' },
          searchForm: { from: null, to: null },
          fxcode: 'USD',
          agent: operator ? { operator } : null,
        },
      });
    });
    // First an agent without an operator: the default logo, and where the rest of the header sits.
    await page.goto('/en/support');
    const header = page.getByRole('banner');
    const support = header.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Support' });
    await expect.poll(() => userDataCalls).toBe(1);
    await expect(header.getByRole('link', { name: 'Roamly home page' })).toBeVisible();
    const before = { support: await support.boundingBox(), header: await header.boundingBox() };

    // Then linked to an operator (a new tab session: the cached answer is for the old state).
    operator = { id: 3, logo: '/favicon.svg', name: 'Green Bus' };
    await page.evaluate(() => {
      sessionStorage.clear();
    });
    await page.goto('/en/support');
    const logo = header.getByRole('link', { name: 'Green Bus home page' });
    await expect(logo).toHaveAttribute('href', '/en');
    await expect(logo).toContainText('Green Bus');
    const image = logo.locator('img');
    await expect(image).toHaveAttribute('src', '/favicon.svg');
    // The name is printed beside the image, so the image itself is decorative.
    await expect(image).toHaveAttribute('alt', '');
    await expect(image).toHaveCSS('height', '32px');
    expect(await support.boundingBox()).toEqual(before.support);
    expect((await header.boundingBox())?.height).toBe(before.header?.height);
    expect(await seriousViolations(page, 'header')).toEqual([]);

    // The next page of the tab reuses the answer instead of asking again.
    await page.goto('/en/about');
    await expect(header.getByRole('link', { name: 'Green Bus home page' })).toBeVisible();
    expect(userDataCalls).toBe(2);
  });
  test('an operator logo that fails to load gives the mark back, next to the operator name', async ({ page, context, baseURL }) => {
    await quietConsent(context, baseURL);
    await signedInAs(context, baseURL, { user_id: '44', role: 'reseller' });
    await page.route('**/api/nuxt/en/user-data', (route) =>
      route.fulfill({
        json: { user: { id: 44, role: 'reseller' }, agent: { operator: { id: 9, logo: '/logos/no-such-operator.svg', name: 'Blue Van' } } },
      }),
    );
    await page.goto('/en/support');
    const logo = page.getByRole('banner').getByRole('link', { name: 'Blue Van home page' });
    await expect(logo).toContainText('Blue Van');
    await expect(logo.locator('img')).toHaveCount(0);
    await expect(logo.locator('svg')).toBeVisible();
  });
});

test.describe('Google one-tap', () => {
  test('without a client id no page requests Google Identity Services', async ({ page, context, baseURL }) => {
    await quietConsent(context, baseURL);
    const requests = googleRequests(page);
    for (const path of ['/en', '/en/support', '/en/checkout', '/en/login']) {
      await page.goto(path);
      await expect(page.locator('[data-one-tap]')).not.toHaveAttribute('data-client-id');
      await settle(page);
    }
    expect(requests).toEqual([]);
  });

  test.describe('with a client id configured', () => {
    const CLIENT_ID = 'e2e-test.apps.googleusercontent.com';

    test.beforeEach(async ({ page, context, baseURL }) => {
      await quietConsent(context, baseURL);
      // What a build with GOOGLE_CLIENT_ID renders: the marker carries the id.
      await page.route(
        (url) => url.pathname === '/en' || url.pathname.startsWith('/en/checkout'),
        async (route) => {
          if (route.request().resourceType() !== 'document') return route.fallback();
          const response = await route.fetch();
          const html = (await response.text()).replace('data-one-tap', `data-one-tap data-client-id="${CLIENT_ID}"`);
          return route.fulfill({ response, ...allowOriginInPolicy(html, response.headers(), new URL(GIS).origin) });
        },
      );
      // A stand-in for Google Identity Services that records what the page asks of it.
      await page.route(GIS, (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: `window.google = { accounts: { id: {
            initialize(options) { window.__gis = { options }; },
            prompt() { window.__gis.prompted = true; },
          } } };`,
        }),
      );
    });

    test('home loads the script, prompts, and posts the credential to login with google', async ({ page }) => {
      const requests = googleRequests(page);
      await page.goto('/en');
      await expect.poll(() => requests).toEqual([GIS]);
      await expect.poll(() => page.evaluate(() => (window as unknown as { __gis?: { prompted?: boolean } }).__gis?.prompted)).toBe(true);
      const clientId = await page.evaluate(
        () => (window as unknown as { __gis: { options: { client_id: string } } }).__gis.options.client_id,
      );
      expect(clientId).toBe(CLIENT_ID);

      const credential = `header.${'x'.repeat(40)}.signature`;
      const posted = page.waitForRequest((r) => r.url().endsWith('/api/nuxt/en/login-with-google') && r.method() === 'POST');
      await page.evaluate((c) => {
        (window as unknown as { __gis: { options: { callback: (r: { credential: string }) => void } } }).__gis.options.callback({
          credential: c,
        });
      }, credential);
      expect((await posted).postDataJSON()).toEqual({ credential });
    });

    test('checkout never requests it', async ({ page }) => {
      const requests = googleRequests(page);
      await page.goto('/en/checkout');
      await expect(page.locator('[data-one-tap]')).toHaveAttribute('data-client-id', CLIENT_ID);
      await settle(page);
      expect(requests).toEqual([]);
    });

    test('a signed-in user is not offered one-tap', async ({ page, context, baseURL }) => {
      await signedInAs(context, baseURL, { user_id: '43', role: 'user' });
      const requests = googleRequests(page);
      await page.goto('/en');
      await expect(page.locator('[data-one-tap]')).toHaveAttribute('data-client-id', CLIENT_ID);
      await settle(page);
      expect(requests).toEqual([]);
    });
  });
});
