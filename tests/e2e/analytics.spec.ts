/**
 * Analytics with consent (issue 25 item 4) in a real browser. With consent refused — or not
 * given yet — no analytics request leaves the browser and no tracking cookie is written, whatever
 * the visitor does (the network is watched from the first request). With consent given, the
 * collector records the visit, and the staff funnel page counts this test's own booking under the
 * partner (affiliate id) it arrived with.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { STAFF } from '../support/staff.ts';
import { signInAsStaff } from '../support/staffSignIn.ts';
import { directBookingUri } from '../support/tripsAndMail.ts';

test.describe.configure({ timeout: 300_000 });
// Every step of a booking makes server calls: wait for them as a loaded machine needs.
const slowly = expect.configure({ timeout: 60_000 });

const TRACKING_COOKIES = ['visitor_log_id', 'session_log_id', 'referrer', 'affiliate_id', 'ad_click_ids'];

/** Every request the page makes that is analytics: the calls, and the collector's own code. */
function watchAnalytics(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (path.includes('/analytics/') || /collector|batch\.worker|replay\.client|rrweb/i.test(path)) seen.push(path);
  });
  return seen;
}

/** What a visitor does on a visit: a landing with an ad click id, a results page, a tab, a few pages. */
async function browseAround(page: Page): Promise<void> {
  await page.goto('/en/bus/bangkok/chiang-mai');
  await page.waitForLoadState('networkidle');
  await page.mouse.click(10, 10);
  await page.goto('/en/about');
  await page.waitForLoadState('networkidle');
  // Hidden (another tab): the moment a collector would send what it holds.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(4_000); // longer than the worker's batch interval
}

test('with consent refused, no analytics request leaves the browser and no tracking cookie is written', async ({ page, context }) => {
  const seen = watchAnalytics(page);
  await page.goto('/en?gclid=test-click&aid=refusing-partner');
  await page.getByRole('button', { name: 'Only necessary' }).click();
  await browseAround(page);
  expect(seen).toEqual([]);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).toContain('consent');
  for (const name of TRACKING_COOKIES) expect(names).not.toContain(name);
});

test('before the visitor answers the consent bar, nothing is collected either', async ({ page, context }) => {
  const seen = watchAnalytics(page);
  await page.goto('/en?fbclid=test-click');
  await expect(page.getByRole('region', { name: 'Cookies on this site' })).toBeVisible();
  await browseAround(page);
  expect(seen).toEqual([]);
  const names = (await context.cookies()).map((c) => c.name);
  for (const name of TRACKING_COOKIES) expect(names).not.toContain(name);
});

test('with consent given, the funnel page counts this booking under its partner', async ({ browser, page, context }) => {
  const partner = `e2e-${String(Date.now())}-${Math.random().toString(36).slice(2, 7)}`;
  // The same watch as the refusing tests: here it must see the collector (so there it would have too).
  const seen = watchAnalytics(page);
  await page.goto(`/en?aid=${partner}&gclid=g-${partner}`);
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect
    .poll(async () => (await context.cookies()).map((c) => c.name))
    .toEqual(expect.arrayContaining(['visitor_log_id', 'session_log_id', 'affiliate_id', 'ad_click_ids']));

  // A search, then the booking path to the paid page. The collector loads when the page is idle
  // and takes the search signalled before it: leave only once it has loaded (on a busy machine,
  // idle can come after the network went quiet).
  const collectorsBefore = seen.filter((path) => path.includes('collector')).length;
  await page.goto('/en/bus/bangkok/chiang-mai');
  await page.waitForLoadState('networkidle');
  await expect.poll(() => seen.filter((path) => path.includes('collector')).length, { timeout: 20_000 }).toBeGreaterThan(collectorsBefore);
  await page.goto(`${await directBookingUri(page.request, 9, 'bus', 1)}?people=1&currency=THB`);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  await page.getByRole('group', { name: 'Passenger 1' }).getByLabel('Full name as in the passport').fill('Ada Funnel');
  await page.getByLabel('Email').fill(`${partner}@example.com`);
  await page.getByLabel('Mobile phone').fill('+66 81 234 5678');
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await slowly(page).toHaveURL(/\/step\/confirmation$/);
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await slowly(page.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible();
  expect(seen.some((path) => path.includes('collector'))).toBe(true);
  // Hidden: the collector sends what it still holds (the paid page's view) at once.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  // A manager reads the funnel for this partner.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, STAFF.manager);
  await staff
    .getByRole('navigation', { name: /operators/i })
    .getByRole('link', { name: 'Funnel' })
    .click();
  await staff.getByRole('textbox', { name: 'Partner' }).fill(partner);
  await staff.getByRole('button', { name: 'Show' }).click();
  await slowly(staff.getByRole('heading', { level: 1, name: 'Booking funnel' })).toBeVisible();
  const row = staff.getByRole('row').filter({ hasText: partner });
  // Partner, searches, added to cart, passengers, payment, paid: one session reached every step.
  // (The last beacons may still be on their way: the page is asked again until they are counted.)
  await expect(async () => {
    await staff.reload();
    await expect(row.getByRole('cell')).toHaveText([partner, /^1\b/, /^1\b/, /^1\b/, /^1\b/, /^1\b/], { timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  expect(await seriousViolations(staff)).toEqual([]);
  await staffContext.close();
});
