import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';

test.describe('languages', () => {
  test('English renders left-to-right with lang=en', async ({ page }) => {
    await page.goto('/en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Travel across Southeast Asia, one ticket at a time');
  });

  test('Arabic renders right-to-left with lang=ar-ae and mirrored layout', async ({ page }) => {
    await page.goto('/ar');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar-ae');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('آسيا');
    // The logo sits at the inline start: on the right in RTL.
    const logo = page.getByRole('link', { name: /Roamly/ }).first();
    const box = await logo.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box && box.x > width / 2).toBe(true);
  });

  test('switching language keeps the path', async ({ page }) => {
    await page.goto('/en/does-not-exist/yet');
    await page.getByRole('banner').getByLabel('Language: English').first().click();
    await page.getByRole('banner').getByRole('link', { name: 'Deutsch' }).first().click();
    await expect(page).toHaveURL(/\/de\/does-not-exist\/yet$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('without JavaScript the language menu leads to the language page, which keeps the path', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en/support');
    await page.getByRole('banner').getByLabel('Language: English').click();
    await page.getByRole('banner').getByRole('link', { name: 'Choose a language' }).click();
    await expect(page).toHaveURL(/\/en\/language\?from=%2Fen%2Fsupport$/);
    await page.getByRole('main').getByRole('link', { name: 'العربية' }).click();
    await expect(page).toHaveURL(/\/ar\/support$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await context.close();
  });

  for (const path of [
    '/en/language?from=%2Fen%2Fsupport',
    '/ar/language?from=%2Far',
    '/en/currency?returnTo=%2Fen',
    '/ar/currency?returnTo=%2Far',
  ]) {
    test(`axe finds no serious violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the language page never sends a visitor off the site', async ({ page }) => {
    await page.goto('/en/language?from=' + encodeURIComponent('//evil.example/x'));
    await expect(page.getByRole('main').getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', '/de');
  });

  test('the index sends a visitor to their language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'th-TH', extraHTTPHeaders: { 'Accept-Language': 'th-TH,th;q=0.9' } });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/th$/);
    await context.close();
  });
});

test.describe('errors', () => {
  test('an unknown path gives the 404 page with the path', async ({ page }) => {
    const response = await page.goto('/en/no/such/page?x=1');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByText('/en/no/such/page?x=1').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/en');
  });

  test('the 404 page speaks the language of the path', async ({ page }) => {
    const response = await page.goto('/ar/missing');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page Not Found');
  });
});

test.describe('accessibility', () => {
  for (const path of ['/en', '/ar', '/en/missing-page', '/ar/missing-page']) {
    test(`axe finds no serious violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('preferences', () => {
  test('choosing a currency is remembered', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('banner').getByLabel('Currency').first().click();
    await page.getByRole('banner').getByRole('button', { name: /^EUR/ }).first().click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('banner').getByLabel('Currency').first()).toHaveText('EUR');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'currency')?.value).toBe('EUR');
  });

  test('without JavaScript every currency can be chosen on the currency page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en/support');
    await page.getByRole('banner').getByLabel('Currency', { exact: true }).click();
    await page.getByRole('banner').getByRole('link', { name: 'All currencies' }).click();
    await expect(page).toHaveURL(/\/en\/currency\?returnTo=%2Fen%2Fsupport$/);
    await page.getByRole('main').getByRole('button', { name: /^JPY/ }).click();
    await expect(page).toHaveURL(/\/en\/support$/);
    expect((await context.cookies()).find((c) => c.name === 'currency')?.value).toBe('JPY');
    await context.close();
  });

  test('with JavaScript the currency menu offers every currency in place', async ({ page }) => {
    await page.goto('/ar');
    await page.getByRole('banner').getByLabel('العملة').first().click();
    await page.getByRole('banner').getByRole('button', { name: /^JPY/ }).click();
    await expect(page).toHaveURL(/\/ar$/);
    await expect(page.getByRole('banner').getByLabel('العملة').first()).toHaveText('JPY');
  });

  test('on a phone the menu button opens the navigation with the language and currency menus', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto('/en');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByLabel('Language: English').click();
    await nav.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de$/);
    await context.close();
  });

  test('the cookie banner asks once and remembers the choice', async ({ page }) => {
    await page.goto('/en');
    const banner = page.getByRole('region', { name: 'Cookies on this site' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Only necessary' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Cookies on this site' })).toBeHidden();
    const consent = (await page.context().cookies()).find((c) => c.name === 'consent');
    expect(JSON.parse(decodeURIComponent(consent?.value ?? '{}'))).toMatchObject({ statistics: false, marketing: false, necessary: true });
  });

  test('visitors see a login link carrying the current path', async ({ page }) => {
    await page.goto('/en');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' }).first()).toHaveAttribute('href', '/en/login?ref=%2Fen');
  });

  test('the footer shows the copyright from 2012 to this year', async ({ page }) => {
    await page.goto('/en');
    await expect(page.getByRole('contentinfo')).toContainText(`© 2012–${new Date().getFullYear()} Roamly`);
  });

  test('the footer links each destination country to its country page, which lists its places (SPEC §3 country_url)', async ({ page }) => {
    for (const [segment, country] of [
      ['en', 'Thailand'],
      ['ar', 'تايلاند'],
    ] as const) {
      await page.goto(`/${segment}`);
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: country, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${segment}/travel/thailand$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(country);
      const places = page.getByRole('main').getByRole('listitem');
      expect(await places.count()).toBeGreaterThan(3);
      await expect(page.getByRole('main').getByRole('link', { name: segment === 'en' ? 'Bangkok' : /بانكوك/ })).toHaveAttribute(
        'href',
        `/${segment}/travel/bangkok`,
      );
      expect(await seriousViolations(page)).toEqual([]);
    }
    // A slug that is neither a place nor a country is still a 404.
    expect((await page.goto('/en/travel/atlantis'))?.status()).toBe(404);
  });
});
