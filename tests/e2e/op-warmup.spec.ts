/**
 * Warm up on /{lang}/op/tripinfo in a real browser (issue 22, SPEC §7 `admin/warmup`): a manager
 * looks a trip up, notes the search index version the page reports, presses Warm up now, and is
 * told the index was rebuilt at a newer version — which the trip's own answer then shows too.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { STAFF } from '../support/staff.ts';
import { signInAsStaff } from '../support/staffSignIn.ts';
import { firstTripKey } from '../support/tripsAndMail.ts';

test.describe.configure({ timeout: 240_000 });

/** The index version the trip's answer reports ("Version N (database: M); …"). */
async function indexVersion(page: Page): Promise<number> {
  const line = page.getByText(/^Version \d+ \(database: /);
  await expect(line).toBeVisible();
  return Number(/^Version (\d+)/.exec((await line.textContent()) ?? '')?.[1]);
}

test('a manager warms up the search index and sees the rebuilt version', async ({ page }) => {
  const key = await firstTripKey(page.request, 20);

  await signInAsStaff(page, STAFF.manager);
  await page.goto('/en/op/tripinfo');
  await page.getByLabel('Trip key').fill(key);
  await page.getByRole('form', { name: 'Look up a trip by its key' }).getByRole('button', { name: 'Show' }).click();
  const before = await indexVersion(page);

  const warmup = page.getByRole('form', { name: 'Rebuild the index and caches' });
  await warmup.getByRole('button', { name: 'Warm up now' }).click();
  const status = page.getByRole('status');
  await expect(status).toHaveText(/^Rebuilt: version \d+ answers now \(built in \d+ ms\)\.$/);
  const warmed = Number(/version (\d+)/.exec((await status.textContent()) ?? '')?.[1]);
  expect(warmed).toBeGreaterThan(before);
  // Back on the same trip, answered from the rebuilt index.
  await expect(page.getByLabel('Trip key')).toHaveValue(key);
  expect(await indexVersion(page)).toBe(warmed);
  expect(await seriousViolations(page)).toEqual([]);
});
