/**
 * Issue 17, item 4: places, stations and class names in the traveller's own script. An Arabic
 * traveller types بانكوك and is offered Bangkok, reads the results heading in Arabic, and reads
 * the classes and the luggage weights in Arabic at checkout. axe checks every page visited.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { acceptCookies, isoIn, seriousViolations } from '../support/browser.ts';

/** Types into a place field until its island, hydrated when the browser is idle, answers. */
async function typeUntilOffered(page: Page, field: Locator, text: string, offered: RegExp): Promise<Locator> {
  const option = page.getByRole('option', { name: offered }).first();
  await expect(async () => {
    await field.fill('');
    await field.pressSequentially(text);
    await expect(option).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  return option;
}

test('typing بانكوك in the Arabic search form offers Bangkok in Arabic', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/ar');
  await acceptCookies(page);
  const from = page.getByRole('combobox', { name: 'من' });
  await typeUntilOffered(page, from, 'بانكوك', /^بانكوك/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(from).toHaveValue('بانكوك');

  // The Latin name, an alias and the Thai name find it too, shown in Arabic.
  for (const typed of ['bangkok', 'Krung Thep', 'กรุงเทพ']) await typeUntilOffered(page, from, typed, /^بانكوك/);
  // A station named after its town is offered in Arabic as well.
  await typeUntilOffered(page, from, 'تشيانغ ماي', /^محطة قطار تشيانغ ماي/);
});

test('the Arabic results page names the places in Arabic', async ({ page }) => {
  // axe over a full results page is slow on a busy machine
  test.setTimeout(90_000);
  await page.goto(`/ar/all/bangkok/koh-tao?date=${isoIn(10)}`);
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('من بانكوك إلى كو تاو');
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText(/[A-Za-z]/);
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
  // The footer's destinations too.
  const footer = page.getByRole('contentinfo');
  for (const name of ['تشيانغ ماي', 'هانوي', 'بنوم بنه', 'سنغافورة'])
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

interface SearchBody {
  trips: { segments: unknown[]; travel_options: { booking_uri: string; bookable: 0 | 1; seats_left: number }[] }[];
}

/** A bookable direct train Bangkok → Chiang Mai from a real Arabic search. */
async function arabicTrainBooking(request: APIRequestContext): Promise<string> {
  const date = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
  const response = await request.get(
    `/api/nuxt/ar/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${date}&people=1&vehclasses=train&currency=THB`,
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as SearchBody;
  const option = body.trips
    .filter((t) => t.segments.length === 1)
    .flatMap((t) => t.travel_options)
    .find((o) => o.bookable === 1 && o.seats_left >= 1);
  if (!option) throw new Error(`no bookable train on ${date}`);
  return option.booking_uri;
}

test('Arabic checkout shows the class name and the luggage weight in Arabic', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${await arabicTrainBooking(page.request)}?people=1&currency=THB`);
  await expect(page).toHaveURL(/\/ar\/checkout\/[\w-]+$/);
  await acceptCookies(page);
  const main = page.getByRole('main');
  // The Thai railway's classes: "2nd class seat AC" and friends, in Arabic.
  await expect(main.getByText(/الدرجة (الأولى|الثانية|الثالثة)/).first()).toBeVisible();
  await expect(main.getByText(/\b(1st|2nd|3rd) class\b/)).toHaveCount(0);
  // The station names are Arabic where the station is named after its town.
  await expect(main.getByText(/محطة قطار تشيانغ ماي/).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'المتابعة إلى بيانات المسافرين' }).click();
  await expect(page).toHaveURL(/\/step\/passengers$/);
  const luggage = page.getByRole('combobox').filter({ has: page.getByRole('option', { name: /كغم/ }) });
  await expect(luggage.first()).toBeAttached();
  await expect(page.getByRole('option', { name: /^20kg/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
