/**
 * The results page cache (SPEC §2, §9): a traveller who goes from the results to checkout and
 * comes back with the back button finds the list as it was left — sort, scroll position — and
 * no new search runs, unless the kept list is older than the recheck window.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, isoIn } from '../support/browser.ts';

const trips = (page: Page) => page.getByRole('tabpanel').getByRole('article');

/** Counts the search calls the page makes from now on. */
function countSearches(page: Page): { count: () => number } {
  let searches = 0;
  page.on('request', (request) => {
    if (request.url().includes('/trips/search')) searches += 1;
  });
  return { count: () => searches };
}

/**
 * Leaves the page for the checkout of one of its trips. The unload listener keeps Chromium's
 * back-forward cache from keeping the whole page alive, so a return runs the page's own code —
 * the thing under test — and the marker shows which of the two happened.
 */
async function leaveForCheckout(page: Page, index: number): Promise<number> {
  const card = trips(page).nth(index);
  await card.scrollIntoViewIfNeeded();
  await page.evaluate(() => {
    window.addEventListener('unload', () => undefined);
    (window as unknown as { leftOnce?: boolean }).leftOnce = true;
  });
  const scrollY = await page.evaluate(() => window.scrollY);
  await card.getByRole('link', { name: 'Select' }).first().click();
  await expect(page).toHaveURL(/\/checkout\//);
  return scrollY;
}

test('back from checkout shows the results as they were left, without a new search', async ({ page }) => {
  await page.goto(`/en/all/bangkok/chiang-mai?date=${isoIn(12)}`);
  await acceptCookies(page);
  // The first search of a fresh server builds its index: allow it time on a busy machine.
  await expect(page.getByText(/Trips found: \d+/)).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Sort by').selectOption('fastest');
  await expect(page).toHaveURL(/sort=fastest/);
  const firstTrip = await trips(page).first().getByRole('heading').first().textContent();
  const count = await trips(page).count();
  expect(count).toBeGreaterThan(4);

  const scrollY = await leaveForCheckout(page, count - 2);
  expect(scrollY).toBeGreaterThan(200);
  const searches = countSearches(page);
  await page.goBack();

  await expect(page).toHaveURL(/sort=fastest/);
  await expect(page.getByLabel('Sort by')).toHaveValue('fastest');
  await expect(trips(page).first().getByRole('heading').first()).toHaveText(firstTrip ?? '');
  // The page ran again (not the browser's back-forward cache) and went back to where it was.
  expect(await page.evaluate(() => (window as unknown as { leftOnce?: boolean }).leftOnce)).toBeUndefined();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollY - 40);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrollY + 40);
  await expect(trips(page)).toHaveCount(count);
  expect(searches.count()).toBe(0);
});

test('back after the recheck window searches again', async ({ page }) => {
  await page.goto(`/en/all/bangkok/chiang-mai?date=${isoIn(12)}`);
  await acceptCookies(page);
  await expect(page.getByText(/Trips found: \d+/)).toBeVisible({ timeout: 30_000 });
  await leaveForCheckout(page, 1);
  // Six minutes pass on the checkout page (the kept page's clock is moved back instead).
  await page.evaluate(() => {
    const key = 'results_page_cache';
    const kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') as { savedAt: number } | null;
    if (!kept) throw new Error('the results page kept nothing');
    sessionStorage.setItem(key, JSON.stringify({ ...kept, savedAt: kept.savedAt - 6 * 60_000 }));
  });
  const searches = countSearches(page);
  await page.goBack();
  await expect(page.getByText(/Trips found: \d+/)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => searches.count()).toBe(1);
});
