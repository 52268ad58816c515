/**
 * Issue 23: the page weight budgets (scripts/bench/page-weight.ts) count what a page loads
 * before anyone touches it. Here a browser checks that the home, login and checkout passengers
 * pages really fetch no React before interaction (their forms hydrate on the first touch, client:interaction in
 * integrations/island-triggers), that the first touch loads the island, and that what was done
 * while it loaded is not lost: text typed is offered suggestions, a click is replayed.
 */
import { expect, test, type Page } from '@playwright/test';
import { isoIn } from '../support/browser.ts';
import { directBookingUri } from '../support/tripsAndMail.ts';

/** Every script the page requests, by path. */
function scriptRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** The React renderer's chunk as the page's islands name it. */
async function rendererUrl(page: Page): Promise<string> {
  const url = await page.locator('astro-island[renderer-url]').first().getAttribute('renderer-url');
  expect(url).toBeTruthy();
  return url ?? '';
}

test('the home page loads no React until the search form is touched, and keeps what was typed meanwhile', async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto('/en');
  await page.waitForLoadState('networkidle');
  const renderer = await rendererUrl(page);
  expect(scripts).not.toContain(renderer);
  expect(scripts.some((path) => path.includes('/SearchForm.'))).toBe(false);
  expect(scripts.some((path) => path.includes('/PageFeedback.'))).toBe(false);

  // Filled at once, before the island's code has even been requested: React hears of it later.
  const from = page.getByRole('combobox', { name: 'From' });
  await from.fill('Koh Ta');
  // Suggestions for the text, not the list a focused empty field offers.
  await expect(page.getByRole('option', { name: /^Koh Tao/ }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('option', { name: /^Bangkok/ })).toHaveCount(0);
  await expect(from).toHaveValue('Koh Ta');
  expect(scripts).toContain(renderer);
});

test('keys typed one by one while the search form hydrates all reach the field, in order', async ({ page }) => {
  await page.goto('/en');
  await page.waitForLoadState('networkidle');
  // A slow phone: hydration then spans several keystrokes, the moment a key could be lost.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const from = page.getByRole('combobox', { name: 'From' });
  await from.focus();
  await page.keyboard.type('Bangkok', { delay: 15 });
  await expect(from).toHaveValue('Bangkok');
  // Suggestions for the whole text, not the list offered to an empty field.
  await expect(page.getByRole('option', { name: /^Bangkok \(Hua Lamphong\)/ })).toBeVisible({ timeout: 15_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test('the login page loads no React until the form is touched; a click made while it loads is replayed', async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto('/en/login');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => path.includes('/Login.'))).toBe(false);
  expect(scripts.some((path) => /\/client\.[\w-]+\.js$/.test(path))).toBe(false);

  // The first touch is this click: it starts loading the island and is replayed once it runs.
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  expect(scripts.some((path) => path.includes('/Login.'))).toBe(true);
});

test('the login form refuses a wrong password in one go, typed and sent before the island ran', async ({ page }) => {
  await page.goto('/en/login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/.+/);
  await expect(page).toHaveURL(/\/en\/login$/);
});

test('a results page shows its trips without React; the first touch of the list loads it and a tab chosen meanwhile is applied', async ({
  page,
}) => {
  const scripts = scriptRequests(page);
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trips/search?')) searches.push(request.url());
  });
  await page.goto(`/en/all/bangkok/chiang-mai?date=${isoIn(5)}&people=1`);
  await page.waitForLoadState('networkidle');
  // The trips, their count and the tabs came with the HTML: nothing searched in the browser, no React.
  await expect(page.getByText(/\d+ trips? found/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Select' }).first()).toBeVisible();
  const renderer = await rendererUrl(page);
  expect(scripts).not.toContain(renderer);
  expect(scripts.some((path) => path.includes('/SearchResults.') || path.includes('list.worker'))).toBe(false);
  expect(searches).toEqual([]);

  // The first touch is this click on a tab: it loads the island, which then shows the tab chosen.
  const train = page.getByRole('tab', { name: /Train/ });
  await train.click();
  await expect(train).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
  expect(scripts).toContain(renderer);
  await expect.poll(() => searches.length).toBeGreaterThan(0);
});

test('the passengers step loads no React until touched; names typed on a slow phone while it loads are booked', async ({ page }) => {
  await page.goto(`${await directBookingUri(page.request, 11, 'bus', 2)}?people=2&currency=THB`);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  await expect(page).toHaveURL(/\/step\/passengers$/);
  const scripts = scriptRequests(page);
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => path.includes('/PassengersForm.'))).toBe(false);
  expect(scripts.some((path) => /\/client\.[\w-]+\.js$/.test(path))).toBe(false);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const nameOf = (n: number) => page.getByRole('group', { name: `Passenger ${String(n)}` }).getByLabel('Full name as in the passport');
  await nameOf(1).focus();
  await page.keyboard.type('Anna Berg', { delay: 15 });
  await nameOf(2).fill('Somchai Jaidee');
  await page.getByLabel('Email').fill('anna.slow@example.com');
  await page.getByLabel('Mobile phone').fill('+66 81 234 5678');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await expect(page).toHaveURL(/\/step\/confirmation$/);
  for (const name of ['Anna Berg', 'Somchai Jaidee']) await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  expect(scripts.some((path) => path.includes('/PassengersForm.'))).toBe(true);
});
