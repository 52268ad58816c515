/**
 * Two white-label partners on one server process (issue 25's "Done when"), in a real browser:
 * Admin adds both in the operators area; each partner's host (`*.localhost`, which Chromium
 * resolves to this machine) then shows its own theme, logo, title and overridden words while the
 * main host keeps the site's own; a booking made on the second host carries that partner's
 * affiliate id (read back on the booking's staff page); and on the first partner's host, whose
 * trackers name the results page, a visitor who allowed statistics is recorded there (the replay
 * recorder loads — on the main site only a sample of 3 % of sessions would be).
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, seriousViolations } from '../support/browser.ts';
import { PARTNERS_ADMIN } from '../support/staff.ts';
import { signInAsStaff } from '../support/staffSignIn.ts';
import { directBookingUri } from '../support/tripsAndMail.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const port = Number(process.env.E2E_PORT || 4322);
const run = Date.now().toString(36);
const ALPHA = { title: 'Alpha Travel', slug: `alpha-${run}`, host: `alpha-${run}.localhost`, affiliate: `alpha-${run}` };
const BETA = { title: 'Beta Trips', slug: `beta-${run}`, host: `beta-${run}.localhost`, affiliate: `beta-${run}` };
const BETA_HEADING = 'Beta Trips takes you across Southeast Asia';
const originOf = (host: string) => `http://${host}:${String(port)}`;

async function addPartner(
  page: Page,
  fields: { title: string; slug: string; host: string; affiliate: string; theme: string },
  extra: (page: Page) => Promise<void>,
) {
  await page.getByLabel('Title').fill(fields.title);
  await page.getByLabel('Short name (letters, digits, hyphens)').fill(fields.slug);
  await page.getByLabel('Hosts (one per line)').fill(fields.host);
  await page.getByLabel('Colour theme').selectOption({ label: fields.theme });
  await page.getByLabel('Affiliate id').fill(fields.affiliate);
  await extra(page);
  await page.getByRole('button', { name: 'Save partner' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. Every server shows the change from the next request.');
}

test('Admin adds two partners; each host shows its own brand and words, and a booking on the second carries its affiliate id', async ({
  browser,
  page,
  request,
}) => {
  await signInAsStaff(page, PARTNERS_ADMIN);
  await page.getByRole('navigation', { name: 'Operators area sections' }).getByRole('link', { name: 'Partners' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'White-label partners' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await addPartner(page, { ...ALPHA, theme: 'Cranberry' }, async (form) => {
    await form.getByLabel('Logo URL (https or a path on this site)').fill('/icon-192.png');
    await form.getByLabel('Routes with session recording (one per line)').fill('search-results');
  });
  await addPartner(page, { ...BETA, theme: 'Green' }, async (form) => {
    await form
      .getByLabel('Translation overrides (JSON: locale or * → key → text)')
      .fill(JSON.stringify({ en: { 'home.heading': BETA_HEADING } }));
  });
  await expect(page.getByRole('row').filter({ hasText: ALPHA.affiliate })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: BETA.affiliate })).toHaveCount(1);

  const visitor = await browser.newContext();
  const home = await visitor.newPage();

  await home.goto(`${originOf(ALPHA.host)}/en`);
  await expect(home.locator('html')).toHaveAttribute('data-theme', 'cranberry');
  await expect(home).toHaveTitle(/Alpha Travel/);
  // The logo is decorative beside the partner's name (alt ""), so it is found by its address.
  const alphaLogo = home.getByRole('link', { name: 'Alpha Travel home page' });
  await expect(alphaLogo).toContainText('Alpha Travel');
  await expect(alphaLogo.locator('img')).toHaveAttribute('src', '/icon-192.png');
  await expect(home.getByRole('heading', { level: 1 })).toHaveText('Travel across Southeast Asia, one ticket at a time');

  await home.goto(`${originOf(BETA.host)}/en`);
  await expect(home.locator('html')).toHaveAttribute('data-theme', 'green');
  await expect(home).toHaveTitle(/Beta Trips/);
  await expect(home.getByRole('link', { name: 'Beta Trips home page' })).toContainText('Beta Trips');
  await expect(home.getByRole('heading', { level: 1 })).toHaveText(BETA_HEADING);
  expect(await seriousViolations(home)).toEqual([]);

  // The main host is untouched.
  await home.goto('/en');
  await expect(home.locator('html')).not.toHaveAttribute('data-theme', /./);
  await expect(home.getByRole('heading', { level: 1 })).toHaveText('Travel across Southeast Asia, one ticket at a time');
  await expect(home).not.toHaveTitle(/Alpha Travel|Beta Trips/);

  // A booking on the second partner's host.
  const bookingUri = await directBookingUri(request, 15, 'bus', 1);
  await home.goto(`${originOf(BETA.host)}${bookingUri}?people=1&currency=THB`);
  await home.getByRole('link', { name: 'Continue to passenger details' }).click();
  await home.getByRole('group', { name: 'Passenger 1' }).getByLabel('Full name as in the passport').fill('Bea Partner');
  await home.getByLabel('Email').fill(`traveller-${run}@example.com`);
  await home.getByLabel('Mobile phone').fill('+66 81 234 5678');
  await home.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await home.getByRole('link', { name: 'Continue to payment' }).click();
  const reference = ((await home.getByRole('heading', { name: /^Booking / }).textContent()) ?? '').replace('Booking ', '').trim();
  expect(new URL(home.url()).host).toBe(`${BETA.host}:${String(port)}`);
  await visitor.close();

  await page.goto(`/en/op/bookings?q=${reference}`);
  await page.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${reference}` })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: new RegExp(`^${BETA.affiliate}$`) })).toHaveCount(1);
});

test("on a partner's host, the routes it records are recorded for every visitor who allowed statistics", async ({ page }) => {
  await page.goto(`${originOf(ALPHA.host)}/en`);
  await acceptCookies(page);
  const recorderLoads = page.waitForRequest((r) => /replay/i.test(new URL(r.url()).pathname), { timeout: 30_000 });
  await page.goto(`${originOf(ALPHA.host)}/en/bus/bangkok/chiang-mai`);
  await expect(page.locator('html')).toHaveAttribute('data-recorded-routes', 'search-results');
  await recorderLoads;
});
