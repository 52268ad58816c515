/**
 * Internal links crawlers can follow and landmarks a screen reader can tell apart (issue 23):
 * a results page links the stations of its route and the operators of its trips (in the built
 * HTML, before any script runs), and no page type names two landmarks alike (axe landmark-unique).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('a results page links the stations of the route and the operators of its trips, without JavaScript', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/en/all/bangkok/chiang-mai');
  const facts = page.getByRole('region', { name: /Bangkok.*Chiang Mai/ });
  const stationLinks = facts.locator('a[href^="/en/station/"]');
  const operatorLinks = facts.locator('a[href^="/en/operator/"]');
  expect(await stationLinks.count()).toBeGreaterThanOrEqual(2);
  expect(await operatorLinks.count()).toBeGreaterThanOrEqual(1);
  // Each link leads to a page that exists.
  for (const link of [await stationLinks.first().getAttribute('href'), await operatorLinks.first().getAttribute('href')]) {
    expect((await page.request.get(link ?? '')).status(), link ?? '').toBe(200);
  }
  await context.close();
});

const PAGE_TYPES = [
  '/en',
  '/ar',
  '/en/all/bangkok/chiang-mai',
  '/en/station/1-bangkok-mo-chit-bus-terminal',
  '/en/operator/siam-express-coach',
  '/en/travel-guides',
  '/en/support',
  '/en/login',
];

for (const path of PAGE_TYPES) {
  test(`every landmark on ${path} has its own name`, async ({ page }) => {
    test.setTimeout(120_000);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const results = await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze();
    expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  });
}
