/**
 * Trips sold another way (SPEC §3 is_manual_pack, external_purchase_url; issue 27): a flight
 * sold only on the airline's own site is listed with its price and links out instead of
 * Select; a boat the operator sells only with its transfer carries the package badge.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, isoIn } from '../support/browser.ts';

test.describe.configure({ timeout: 90_000 });

interface SearchAnswer {
  trips: { params: { external_purchase_url: string | null; is_manual_pack: boolean } }[];
}

/** The first destination from Bangkok whose answer has a trip matching `wanted` (the seed decides which). */
async function routeWith(page: Page, date: string, classes: string, wanted: (t: SearchAnswer['trips'][number]) => boolean) {
  for (const to of ['chiang-mai', 'phuket', 'krabi', 'koh-samui', 'udon-thani', 'hat-yai', 'chiang-rai', 'koh-tao', 'koh-phangan']) {
    const response = await page.request.get(`/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=${to}&date=${date}&vehclasses=${classes}`);
    if (!response.ok()) continue;
    const answer = (await response.json()) as SearchAnswer;
    if (answer.trips.some(wanted)) return to;
  }
  throw new Error('no seeded route has such a trip');
}

test("a flight sold only on the airline's site links there instead of Select", async ({ page }) => {
  const date = isoIn(10);
  const to = await routeWith(page, date, 'flights', (t) => t.params.external_purchase_url !== null);
  await page.goto(`/en/flights/bangkok/${to}?date=${date}`);
  await acceptCookies(page);
  const buy = page.getByRole('link', { name: "Buy on the operator's website" });
  const card = page.getByRole('article').filter({ has: buy }).first();
  const link = card.getByRole('link', { name: "Buy on the operator's website" });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(link).toHaveAttribute('href', /^https:\/\/[a-z0-9-]+\.example\/book\//);
  await expect(card.getByText('Sold only by the operator')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Select' })).toHaveCount(0);
});

test('a boat the operator sells only as a package says so on its card', async ({ page }) => {
  const date = isoIn(10);
  const to = await routeWith(page, date, 'all', (t) => t.params.is_manual_pack);
  await page.goto(`/en/all/bangkok/${to}?date=${date}`);
  await acceptCookies(page);
  await expect(page.getByText('Package: sold together by the operator').first()).toBeVisible({ timeout: 30_000 });
});
