/**
 * The consent bar on a phone (issue 23): the page's own content, not the bar, is the largest
 * thing painted, and the bar keeps its choices and keyboard access.
 */
import { expect, test } from '@playwright/test';
import { isoIn } from '../support/browser.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** The element Largest Contentful Paint settled on, described by whether it sits in the bar. */
async function lcpInConsentBar(page: import('@playwright/test').Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
          const last = entries.at(-1);
          resolve(Boolean(last?.element?.closest('[data-consent]')));
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

const pages = [
  '/en',
  '/ar',
  '/en/about',
  '/en/travel-guides',
  '/en/support',
  '/en/station/1-bangkok-mo-chit-bus-terminal',
  // Results and login had the bar's text as their largest paint until it became one short line
  // (the categories are behind "Choose cookies") and login said what an account is for.
  `/en/all/bangkok/chiang-mai?date=${isoIn(5)}&people=1`,
  `/ar/all/chiang-mai/pai?date=${isoIn(5)}&people=1`,
  '/en/login',
  '/ar/login',
];
for (const path of pages) {
  test(`on ${path} the largest paint is the page, not the consent bar`, async ({ page }) => {
    await page.goto(path);
    const bar = page.getByRole('region', { name: /Cookies on this site|ملفات تعريف الارتباط/ });
    await expect(bar).toBeVisible();
    expect(await lcpInConsentBar(page)).toBe(false);
    // Compact: well under a fifth of the screen.
    const box = await bar.boundingBox();
    expect(box?.height ?? 999).toBeLessThan(740 / 5);
  });
}

test('the bar keeps its choices and works from the keyboard', async ({ page }) => {
  await page.goto('/en/about');
  const bar = page.getByRole('region', { name: 'Cookies on this site' });
  await bar.getByText('Choose cookies', { exact: true }).first().focus();
  await page.keyboard.press('Enter');
  for (const name of ['Necessary', 'Preferences', 'Statistics', 'Marketing'])
    await expect(bar.getByRole('checkbox', { name: new RegExp(name) })).toBeVisible();
  await bar.getByRole('checkbox', { name: /Marketing/ }).press('Space');
  await bar.getByRole('button', { name: 'Save choices' }).press('Enter');
  await expect(bar).toBeHidden();
  const consent = (await page.context().cookies()).find((c) => c.name === 'consent');
  expect(consent?.value).toBeTruthy();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Cookies on this site' })).toBeHidden();
});
