/**
 * Screens that respect the traveller (issue 17 item 6):
 * - on a 390×844 phone the first trip card is on the first screen (the search is a summary bar
 *   that opens the form, the tips one line, the filters a sheet behind a button that counts the
 *   active ones); on a 1366×800 desktop the first trip is above the fold — on a popular
 *   route's results page and another's;
 * - a past date in the URL is said and corrected in the address bar;
 * - paying at the counter says what happens, with the reference and the deadline in the
 *   station's named zone, from the first paint; the success page shows the trip, and Back from
 *   it stays back;
 * - an unknown checkout link after a paid booking is an empty checkout that says so.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, isoIn, seriousViolations } from '../support/browser.ts';
import { holdOneSeat, payByCard } from '../support/booking.ts';

const POPULAR = '/en/all/bangkok/chiang-mai';
const ON_DEMAND = '/en/all/chiang-mai/pai';
const PAGES = [
  ['popular', POPULAR],
  ['other', ON_DEMAND],
] as const;

// The server builds its search index on the first search: once, before the pages are timed out.
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  expect((await request.get('/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai', { timeout: 110_000 })).ok()).toBe(true);
});

const firstTrip = (page: Page) => page.getByRole('tabpanel').getByRole('article').first();

/** The first trip card lies wholly inside the window, without scrolling. */
async function expectFirstTripOnScreen(page: Page) {
  await expect(firstTrip(page)).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const box = await firstTrip(page).boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (!box || !viewport) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

/** Today in Bangkok (the origin of both routes), as the page's date rules see it. */
function bangkokToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
}

const shortDay = (iso: string) =>
  new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

test.describe('on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const [kind, path] of PAGES) {
    test(`the ${kind} results page shows the first trip on the first screen`, async ({ page }) => {
      test.setTimeout(90_000);
      const date = isoIn(5);
      await page.goto(`${path}?date=${date}&people=1`);
      await acceptCookies(page);
      await expectFirstTripOnScreen(page);

      // The search is a summary bar: route, date, travellers; tapping it opens the form.
      const search = page.getByRole('search', { name: 'Search trips' });
      await expect(search).toBeHidden();
      const summary = page.getByText('Change search');
      const [from, to] = kind === 'popular' ? ['Bangkok', 'Chiang Mai'] : ['Chiang Mai', 'Pai'];
      await expect(page.getByText(new RegExp(`^${from}\\s*→\\s*–\\s*${to}$`))).toBeVisible();
      await expect(page.getByText(`${shortDay(date)} · Travellers: 1`, { exact: true })).toBeVisible();
      // The tips take one line: the first one and how many more.
      const tips = page.getByRole('region', { name: 'Good to know' });
      await expect(tips.getByText(/^\+\d+ more$/)).toBeVisible();
      expect((await tips.boundingBox())?.height ?? 1000).toBeLessThan(60);
      expect(await seriousViolations(page)).toEqual([]);

      // Filters open in a sheet from a button that counts the active ones.
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await expect(sheet).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await sheet.getByRole('group', { name: 'Vehicle type' }).getByRole('checkbox').first().check();
      await expect(page).toHaveURL(/vehclasses=/);
      await sheet.getByRole('button', { name: /^Show the trips \(\d+\)$/ }).click();
      await expect(sheet).toBeHidden();
      await expect(page.getByRole('button', { name: 'Filters · 1 active' })).toBeVisible();

      await summary.click();
      await expect(search).toBeVisible();
      await expect(search.getByRole('combobox', { name: 'From' })).toHaveValue(kind === 'popular' ? 'Bangkok' : 'Chiang Mai');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the Arabic results page shows the first trip on the first screen too', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`/ar/all/bangkok/chiang-mai?date=${isoIn(5)}&people=1`);
    await acceptCookies(page);
    await expectFirstTripOnScreen(page);
    await expect(page.getByRole('search')).toBeHidden();
    await expect(page.getByText('تعديل البحث')).toBeVisible();
    await expect(page.getByRole('button', { name: 'عوامل التصفية', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('on a 1366×800 desktop', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  for (const [kind, path] of PAGES) {
    test(`the ${kind} results page shows the first trip above the fold, beside the search form and filters`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(`${path}?date=${isoIn(5)}&people=1`);
      await acceptCookies(page);
      await expectFirstTripOnScreen(page);
      await expect(page.getByRole('search', { name: 'Search trips' })).toBeVisible();
      await expect(page.getByText('Change search')).toBeHidden();
      await expect(page.getByRole('heading', { level: 2, name: 'Filters' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

for (const [kind, path] of PAGES) {
  test(`a past date in the URL of the ${kind} results page is said and corrected`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${path}?date=2020-01-01&people=1`);
    const today = bangkokToday();
    const todayText = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${today}T00:00:00Z`),
    );
    await expect(page.getByText(`January 1, 2020 has already passed, so these are the trips for today, ${todayText}.`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]date=${today}(&|$)`));
    await expect(firstTrip(page)).toBeVisible({ timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('people')).toBe('1');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('paying at the counter says what happens, with the reference and the deadline in the station’s zone', async ({ page }) => {
  test.setTimeout(120_000);
  const held = await holdOneSeat(page, 9, 'Mali Srisuk');
  await page.getByRole('button', { name: 'Pay at the operator’s counter' }).click();
  await expect(page).toHaveURL(/\/en\/payment-status\/booking\//);

  const counter = page.getByRole('region', { name: 'Your seats are held until you pay at the counter' });
  await expect(counter).toBeVisible();
  await expect(counter).toContainText(`at the operator’s counter at ${held.fromStation}`);
  await expect(counter.getByText(/^Payment reference: \S+$/)).toBeVisible();
  // A readable local deadline: the station's zone named, no seconds.
  const deadline = counter.getByText(/^Pay before /);
  await expect(deadline).toHaveText(/^Pay before .*\d{1,2}:\d{2}\s?[AP]M Indochina Time\. After that/);
  await expect(deadline).not.toHaveText(/\d:\d{2}:\d{2}/);
  // The first paint already says it: the page never shows "waiting for the payment provider".
  // (The page's HTML without the island's props, which carry every payment message.)
  const html = (await (await page.request.get(page.url())).text()).replace(/ props="[^"]*"/g, '');
  expect(html).toContain('Payment reference:');
  expect(html).not.toContain('waiting for the payment provider');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the success page shows the trip: route, local departure time and travellers', async ({ page }) => {
  test.setTimeout(120_000);
  const held = await holdOneSeat(page, 10, 'Anan Chaiyo');
  await payByCard(page);
  const trip = page.getByRole('region', { name: 'Your trip' });
  await expect(trip).toContainText(held.fromStation);
  await expect(trip).toContainText(held.toStation);
  // The departure in the station's zone, zone named ("Dec 5, 2026, 12:00 AM Indochina Time").
  const clock = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(`${held.departure.replace(' ', 'T')}:00Z`),
  );
  await expect(trip).toContainText(`${clock} Indochina Time`);
  await expect(trip).toContainText('1 passenger');
  await expect(page.getByRole('region', { name: 'Travellers' }).getByRole('listitem')).toHaveText(['Anan Chaiyo']);
  expect(await seriousViolations(page)).toEqual([]);
});

test('Back from the success page stays on the payment status, which links to the booking', async ({ page }) => {
  test.setTimeout(120_000);
  await holdOneSeat(page, 11, 'Kanya Dee');
  await payByCard(page);
  const successUrl = page.url();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment status' })).toBeVisible();
  await expect(page.getByText('Your booking is paid.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/en\/payment-status\/booking\//);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Show the booking and tickets' }).click();
  await expect(page).toHaveURL(successUrl);
});

test('an unknown checkout link after a paid booking is an empty checkout that says so', async ({ page }) => {
  test.setTimeout(120_000);
  await holdOneSeat(page, 12, 'Niran Suk');
  await payByCard(page);
  const response = await page.goto('/en/checkout/AbCdEfGhIjKlMnOpQrStUv');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('We could not find this checkout')).toBeVisible();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you, your booking is paid' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
