/**
 * The results route and its variant (SPEC §2 search-results): every pair renders on request with
 * the first trips of its query (none is a built file: a file cannot know the query, issue 23), the
 * sitemap lists the home page's popular pairs, and /new shows the new layout with the plain path
 * as canonical.
 * Build with QUICK_BUILD_LOCALES=en,ar (or all locales) before running.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, isoIn } from '../support/browser.ts';

const CLIENT = join(import.meta.dirname, '..', '..', process.env.ASTRO_OUT_DIR || 'dist', 'client');
const POPULAR = '/en/all/bangkok/chiang-mai';
const ON_DEMAND = '/en/all/chiang-mai/pai';

// Pages rendered on request and an island hydrated on the first touch: generous on a busy machine.
test.describe.configure({ timeout: 90_000 });

// The server builds its search index on the first search: do that once, not inside a timed step.
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  expect((await request.get('/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai', { timeout: 110_000 })).ok()).toBe(true);
});

/** Waits for the island's first list (generous: the test machine may be busy). */
async function listShown(page: Page) {
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible({ timeout: 20_000 });
}

const builtFile = (path: string) => join(CLIENT, ...path.split('/').filter(Boolean), 'index.html');
const trips = (page: Page) => page.getByRole('tabpanel').getByRole('article');

test('a popular pair renders on request with its first trips, cacheable', async ({ page }) => {
  expect(existsSync(builtFile(POPULAR)), 'no built file of the popular pair').toBe(false);
  const response = await page.goto(POPULAR);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('public, max-age=300, s-maxage=300, stale-while-revalidate=600');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bangkok to Chiang Mai');
  await listShown(page);
  await expect(page.getByText(/\d+ trips? found/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About the trip from Bangkok to Chiang Mai' })).toBeVisible();
});

test('the sitemap lists the popular pairs of every built locale, not every pair', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
  const listed = async (prefix: string) =>
    (await Promise.all(sitemaps.filter((p) => p.startsWith(prefix)).map(async (p) => (await request.get(p)).text()))).join('\n');
  const en = await listed('/sitemap-en');
  expect(en).toContain(`${POPULAR}</loc>`);
  expect(en).not.toContain(`${ON_DEMAND}</loc>`);
  expect(await listed('/sitemap-ar')).toContain(`/ar${POPULAR.slice(3)}</loc>`);
});

test('the query drives the search: its date and travellers, in the cards and the search form', async ({ page }) => {
  const date = isoIn(9);
  // Every search the page makes, from the start: the island may wake before the hover below
  // (a pointer passing over the list on the way to the consent bar is a touch too).
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/trips/search?')) searches.push(r.url());
  });
  await page.goto(`${POPULAR}?date=${date}&people=3`);
  await acceptCookies(page);
  await listShown(page);
  await expect(trips(page).first().getByRole('link').first()).toHaveAttribute('href', new RegExp(`\\.${date}/\\d+\\?people=3`));
  // The island searches the same query once it hydrates (the first touch of the list).
  await trips(page).first().hover();
  await expect.poll(() => searches.length, { timeout: 30_000 }).toBeGreaterThan(0);
  const url = new URL(searches[0] ?? '');
  expect(url.searchParams.get('date')).toBe(date);
  expect(url.searchParams.get('people')).toBe('3');
  // The search form fills itself from the same query.
  await expect(page.getByRole('button', { name: /Travellers: 3/ })).toBeVisible();
});

test('direction=backward searches the reverse pair', async ({ page }) => {
  await page.goto(`${POPULAR}?direction=backward&people=2`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chiang Mai to Bangkok');
  await listShown(page);
  await expect(trips(page).first().getByText('Chiang Mai').first()).toBeVisible();
});

test('a pair off the home page renders on request too; deeper paths are not pairs', async ({ page }) => {
  expect(existsSync(builtFile(ON_DEMAND))).toBe(false);
  const response = await page.goto(`${ON_DEMAND}?date=${isoIn(5)}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('public, max-age=300, s-maxage=300, stale-while-revalidate=600');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chiang Mai to Pai');
  await listShown(page);
  await expect(page.getByText(/\d+ trips? found/)).toBeVisible();
  expect((await page.goto(`${ON_DEMAND}/extra`))?.status()).toBe(404);
});

test('/new shows the new layout: route facts first, trips grouped by the part of the day', async ({ page }) => {
  for (const path of [POPULAR, ON_DEMAND]) {
    const response = await page.goto(`${path}/new?date=${isoIn(10)}`);
    expect(response?.status()).toBe(200);
    await acceptCookies(page);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
    const facts = page.getByRole('heading', { level: 2, name: /^About the trip from / });
    await expect(facts).toBeVisible();
    await listShown(page);
    // The facts summary comes before the list, the FAQ after it.
    const factsY = (await facts.boundingBox())?.y ?? Infinity;
    const listY = (await page.getByRole('tabpanel').boundingBox())?.y ?? -Infinity;
    const faqY = (await page.getByRole('heading', { level: 2, name: 'Frequently asked questions' }).boundingBox())?.y ?? -Infinity;
    expect(factsY).toBeLessThan(listY);
    expect(faqY).toBeGreaterThan(listY);
    // Trips sit under part-of-the-day headings, filters are folded away.
    const parts = page.getByRole('tabpanel').getByRole('heading', { level: 3 });
    await expect(parts.first()).toHaveText(/^(Night|Morning|Afternoon|Evening|Any time) \d+$/);
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 4 }).first()).toBeVisible();
    await expect(page.getByText('Filters', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Morning 06:00–12:00/ }).first()).toBeHidden();
  }
  // The classic page at the plain path is its own canonical.
  await page.goto(POPULAR);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${POPULAR}$`));
  await listShown(page);
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3 }).first()).toBeVisible();
});

test('a visitor with euros sees euro prices in the cards and the facts, and a currency change re-prices the list', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'currency', value: 'EUR', url: baseURL ?? 'http://127.0.0.1' }]);
  await page.goto(POPULAR);
  await acceptCookies(page);
  await listShown(page);
  await expect(trips(page).first().locator('.trip__price-value')).toContainText('€');
  const cheapest = page.locator('.route-facts__list dd').first();
  await expect(cheapest).toContainText('€');
  await expect(cheapest).not.toContainText('$');
  await page.getByText(/^How much is a ticket/).click();
  await expect(page.getByText(/^Tickets start at €/)).toBeVisible();
  // The list island has not loaded yet (nothing in it was touched): the header's currency menu
  // wakes it, and it re-prices the cards without a reload.
  await page.getByRole('banner').getByLabel('Currency').first().click();
  await page.getByRole('banner').getByRole('button', { name: /^THB/ }).first().click();
  await expect(trips(page).first().locator('.trip__price-value')).toContainText('THB', { timeout: 20_000 });
});
