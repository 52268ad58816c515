import { expect, test, type Locator, type Page } from '@playwright/test';
import { acceptCookies, isoIn, seriousViolations, wakeResultsList } from '../support/browser.ts';
import { format } from 'date-fns';
import { ar } from 'date-fns/locale/ar';

const trips = (page: Page) => page.getByRole('tabpanel').getByRole('article');

/** The number of trips in the current view, from the status line ("N trips found"). */
async function found(page: Page): Promise<number> {
  const status = page.getByText(/\d+ trips? found/);
  await expect(status).toBeVisible();
  return Number(/\d+/.exec((await status.textContent()) ?? '')?.[0]);
}

/** Prices of the trips bookable here (sold-out ones and those only the operator sells come after them). */
async function sellablePrices(page: Page): Promise<number[]> {
  const texts = await trips(page)
    .filter({ has: page.locator('.trip__select'), hasNot: page.getByRole('link', { name: "Buy on the operator's website" }) })
    .locator('.trip__price-value')
    .allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d.]/g, '')));
}

test.describe('search results: Bangkok → Chiang Mai', () => {
  // The list island hydrates on the first touch: on a busy test machine that alone takes seconds.
  test.describe.configure({ timeout: 90_000 });
  test('tabs, a departure bucket, the cheapest sort, the URL, reload and euros', async ({ page }) => {
    const date = isoIn(10);
    await page.goto(`/en/all/bangkok/chiang-mai?date=${date}`);
    await acceptCookies(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bangkok to Chiang Mai');
    await expect(page.getByText(/\d+ trips? found/)).toBeVisible();
    const all = await found(page);
    expect(all).toBeGreaterThan(5);
    await wakeResultsList(page);

    // The train tab shows only trains and goes into the URL.
    await page.getByRole('tab', { name: /Train/ }).click();
    await expect(page).toHaveURL(/vehclasses_tab=train/);
    await expect(page.getByRole('tab', { name: /Train/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/\d+ trips? found/)).not.toHaveText(`Trips found: ${String(all)}`);
    const trainCount = await found(page);
    expect(trainCount).toBeGreaterThan(0);
    expect(trainCount).toBeLessThan(all);
    for (const meta of await trips(page).locator('.trip__meta').allTextContents()) expect(meta).toContain('Train');

    // Back to all; a departure-time bucket narrows the list to morning departures.
    await page.getByRole('tab', { name: /^All/ }).click();
    await expect(page).not.toHaveURL(/vehclasses_tab/);
    await page
      .getByRole('checkbox', { name: /Morning 06:00–12:00/ })
      .first()
      .check();
    await expect(page).toHaveURL(/dep_time=06-12/);
    const morning = await found(page);
    expect(morning).toBeLessThan(all);
    for (const time of await trips(page).locator('.trip__times time:first-child').allTextContents()) {
      const hour = Number(time.slice(0, 2));
      expect(hour >= 6 && hour < 12).toBe(true);
    }

    // Cheapest first.
    await page.getByLabel('Sort by').selectOption('cheapest');
    await expect(page).toHaveURL(/sort=cheapest/);
    // Trips sold here come cheapest first; those that cannot be booked on this site (sold out,
    // or sold only by the operator, issue 27) follow them.
    const sorted = await sellablePrices(page);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));

    // A reload restores the same view from the URL.
    const url = page.url();
    await page.reload();
    await expect(page.getByText(/\d+ trips? found/)).toBeVisible();
    expect(page.url()).toBe(url);
    await expect(page.getByLabel('Sort by')).toHaveValue('cheapest');
    await expect(page.getByRole('checkbox', { name: /Morning 06:00–12:00/ }).first()).toBeChecked();
    expect(await found(page)).toBe(morning);
    expect(await sellablePrices(page)).toEqual(sorted);

    // Euros, without a reload.
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await page.getByRole('banner').getByLabel('Currency').first().click();
    await page.getByRole('banner').getByRole('button', { name: /^EUR/ }).first().click();
    await expect(trips(page).first().locator('.trip__price-value')).toContainText('€');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await expect(page.getByRole('checkbox', { name: /Morning 06:00–12:00/ }).first()).toBeChecked();
  });

  test('back and forward restore the filters', async ({ page }) => {
    await page.goto(`/en/all/bangkok/chiang-mai?date=${isoIn(10)}`);
    await acceptCookies(page);
    await expect(page.getByText(/\d+ trips? found/)).toBeVisible();
    await wakeResultsList(page);
    await page.getByLabel('Sort by').selectOption('fastest');
    await expect(page).toHaveURL(/sort=fastest/);
    await page.goBack();
    await expect(page.getByLabel('Sort by')).toHaveValue('recommended');
    await page.goForward();
    await expect(page.getByLabel('Sort by')).toHaveValue('fastest');
  });
});

test('a facts banner can be dismissed and stays dismissed', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`/en/all/bangkok/chiang-mai?date=${isoIn(10)}`);
  await acceptCookies(page);
  const tips = page.getByRole('region', { name: 'Good to know' });
  await wakeResultsList(page);
  // The tips take one line until it is opened.
  await tips.getByText(/^\+\d+ more$/).click();
  await expect(tips.getByRole('listitem').first()).toBeVisible();
  await expect(tips.getByRole('listitem').nth(1)).toBeVisible();
  const before = await tips.getByRole('listitem').count();
  const first = (await tips.getByRole('listitem').first().textContent()) ?? '';
  await tips.getByRole('button', { name: 'Hide this tip' }).first().click();
  await expect(tips.getByRole('listitem')).toHaveCount(before - 1);
  await page.reload();
  await tips.getByText(/^\+\d+ more$/).click();
  // The server cannot know what this browser dismissed: the page wakes the list island, which hides it.
  await expect(tips.getByRole('listitem')).toHaveCount(before - 1, { timeout: 20_000 });
  await expect(tips.getByText(first.replace('×', '').trim())).toHaveCount(0);
});

test('Bangkok → Koh Tao shows connections with their legs', async ({ page }) => {
  await page.goto(`/en/all/bangkok/koh-tao?date=${isoIn(10)}`);
  await acceptCookies(page);
  await expect(page.getByText(/\d+ trips? found/)).toBeVisible();
  const legs = page.getByRole('list', { name: 'Trip legs' }).first();
  await expect(legs).toBeVisible();
  expect(await legs.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
  await expect(legs).toContainText('Ferry');
});

test('a round trip lets the traveller pick both legs', async ({ page }) => {
  await page.goto(`/en/all/bangkok/chiang-mai?date=${isoIn(10)}&date2=${isoIn(14)}`);
  await acceptCookies(page);
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: choose your outbound trip' })).toBeVisible();
  await trips(page).first().getByRole('button', { name: 'Choose this trip' }).click();
  const modal = page.getByRole('dialog', { name: 'Your round trip' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Outbound trip:');
  await modal.getByRole('button', { name: 'Choose the return trip' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: choose your return trip' })).toBeVisible();
  await expect(trips(page).first().locator('.trip__stations')).toContainText(/^Chiang Mai.*→/);
  const select = trips(page).first().getByRole('link', { name: 'Select' });
  await expect(select).toHaveAttribute('href', /\/en\/add-to-cart\/.+\?people=2&currency=USD&cartHash=[^&]+&fromRoundTrip=1&seen=\d+$/);
});

test('typeahead and search with the keyboard only', async ({ page }) => {
  await page.goto('/en');
  await acceptCookies(page);
  const from = page.getByRole('combobox', { name: 'From' });
  await expect(page.getByRole('button', { name: 'Search' })).toBeDisabled();
  await from.focus();
  await page.keyboard.type('Bangk');
  await expect(page.getByRole('option', { name: /^Bangkok/ }).first()).toBeVisible();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /suggestions/ })
      .first(),
  ).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(from).toHaveAttribute('aria-activedescendant', /sf-from-opt-0/);
  await page.keyboard.press('Enter');
  await expect(from).toHaveValue('Bangkok');
  await expect(from).toHaveAttribute('aria-expanded', 'false');

  // Choosing moves focus on to the destination (issue 28), not back to the page.
  const to = page.getByRole('combobox', { name: 'To' });
  await expect(to).toBeFocused();
  // An empty destination field lists the popular destinations from Bangkok.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Popular destinations')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(to).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.type('Chiang M');
  await expect(page.getByRole('option', { name: /^Chiang Mai/ }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(to).toHaveValue('Chiang Mai');
  await expect(page.getByRole('button', { name: /^Departure/ })).toBeFocused();

  // Nothing matches: the tt-empty message.
  await from.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('zzqxw');
  // The message under the field (a live region also announces it, once its quiet moment has passed).
  await expect(page.getByRole('paragraph').filter({ hasText: 'Nothing matches “zzqxw”' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Bangkok');
  await expect(page.getByRole('option', { name: /^Bangkok/ }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(from).toHaveValue('Bangkok');

  // Accommodation off (it would open the hotel site), then search.
  await page.getByRole('switch', { name: 'Also look for accommodation' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('switch', { name: 'Also look for accommodation' })).not.toBeChecked();
  // The switch sits after the button, on a row of its own below it.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/all\/bangkok\/chiang-mai\?date=\d{4}-\d{2}-\d{2}&people=2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bangkok to Chiang Mai');
});

test('the accommodation switch opens the hotel site for the destination', async ({ page, context }) => {
  await context.route('https://www.booking.com/**', (route) => route.fulfill({ status: 200, body: 'hotels' }));
  await page.goto(`/en/all/bangkok/chiang-mai?date=${isoIn(10)}`);
  await acceptCookies(page);
  await expect(page.getByRole('switch', { name: 'Also look for accommodation' })).toBeChecked();
  // Swapping makes a new search (the same one again would do nothing): Chiang Mai → Bangkok.
  await page.getByRole('button', { name: 'Swap departure and destination' }).click();
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Search' }).click();
  const hotel = await popup;
  expect(hotel.url()).toContain('ss=Bangkok');
  await expect(page).toHaveURL(/\/en\/all\/chiang-mai\/bangkok\?date=/);
});

/** The first day of the calendar's second week row, which is always a full week. */
function firstOfFullWeek(dialog: Locator) {
  return dialog.getByRole('grid').getByRole('row').nth(1).getByRole('gridcell').first();
}

test.describe('date picker', () => {
  test('Arabic runs right to left with weeks from Monday', async ({ page }) => {
    await page.goto('/ar');
    await acceptCookies(page);
    await page.getByRole('button', { name: /^المغادرة/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('[dir="rtl"]').first()).toBeVisible();
    // Weekday headers are hidden from assistive technology; each day says its weekday instead.
    const monday = format(new Date(2026, 10, 23), 'cccc', { locale: ar });
    await expect(firstOfFullWeek(dialog)).toHaveAccessibleName(new RegExp(monday));
    const before = await page.getByRole('button', { name: /^المغادرة/ }).textContent();
    // The month's last open day, unless it is the departure already (today + 3 can be the 30th).
    await dialog.getByRole('gridcell', { selected: false }).getByRole('button', { disabled: false }).last().click();
    await expect(dialog).toBeHidden();
    expect(await page.getByRole('button', { name: /^المغادرة/ }).textContent()).not.toBe(before);
  });

  test('en-US starts the week on Sunday and days before today are disabled', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/en');
    await acceptCookies(page);
    await page.getByRole('button', { name: /^Departure/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(firstOfFullWeek(dialog)).toHaveAccessibleName(/^Sunday/);
    const dayButtons = dialog.getByRole('gridcell').getByRole('button');
    // The calendar opens at the departure (today + 3): the 1st of that month is in the past
    // unless the month has just begun.
    const departure = new Date();
    departure.setDate(departure.getDate() + 3);
    if (departure.getDate() > 4) await expect(dayButtons.first()).toBeDisabled();
    await expect(dayButtons.last()).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await context.close();
  });

  test('en (UK) starts the week on Monday', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/en');
    await acceptCookies(page);
    await page.getByRole('button', { name: /^Departure/ }).click();
    await expect(firstOfFullWeek(page.getByRole('dialog'))).toHaveAccessibleName(/^Monday/);
    await context.close();
  });
});

test('a date without service offers the next dates', async ({ page, request }) => {
  // Ferries from Koh Lipe to Pak Bara run part of the week: find a day without one.
  let empty: string | undefined;
  for (let days = 3; days < 17 && !empty; days++) {
    const date = isoIn(days);
    const body = (await (
      await request.get(`/api/nuxt/en/trips/search?fromSlug=koh-lipe&toSlug=pak-bara&vehclasses=ferry&date=${date}`)
    ).json()) as {
      trips: unknown[];
    };
    if (body.trips.length === 0) empty = date;
  }
  expect(empty).toBeDefined();
  await page.goto(`/en/ferry/koh-lipe/pak-bara?date=${empty ?? ''}`);
  await acceptCookies(page);
  await expect(page.getByRole('heading', { name: 'No trips on this date' })).toBeVisible();
  const next = page.getByRole('link').filter({ hasText: /\d/ }).and(page.locator('.sr__next-dates a'));
  await expect(next.first()).toBeVisible();
  await next.first().click();
  await expect(page.getByText(/\d+ trips? found/)).toBeVisible();
});

test.describe('unknown routes', () => {
  test('an unknown place slug gives the 404 page', async ({ page }) => {
    const response = await page.goto('/en/all/bangkok/atlantis');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByText('/en/all/bangkok/atlantis').first()).toBeVisible();
  });

  test('an unknown vehicle class gives the 404 page, on every level', async ({ page }) => {
    for (const path of ['/en/spaceship/bangkok/chiang-mai', '/en/spaceship/bangkok', '/en/spaceship']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
    expect((await page.goto('/en/bus/bangkok'))?.status()).toBe(200);
    expect((await page.goto('/en/ferry'))?.status()).toBe(200);
  });
});

test.describe('accessibility of the results page', () => {
  for (const lang of ['en', 'ar']) {
    test(`no serious axe violation in ${lang}`, async ({ page }) => {
      // axe walks the whole page, filters included; slow on a busy shared machine.
      test.setTimeout(120_000);
      await page.goto(`/${lang}/all/bangkok/chiang-mai?date=${isoIn(10)}`);
      await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test('the passengers modal closes on Escape and on the backdrop, writing the total back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en');
  await acceptCookies(page);
  const opener = page.getByRole('button', { name: /^Passengers Travellers: \d+$/ });
  await expect(opener).toHaveAccessibleName('Passengers Travellers: 2');
  await opener.click();
  const modal = page.getByRole('dialog', { name: 'Passengers' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Add an adult' }).click();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(opener).toHaveAccessibleName('Passengers Travellers: 3');

  await opener.click();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Add an adult' }).click();
  // The backdrop: a desktop click outside the modal's box closes it.
  await page.mouse.click(10, 10);
  await expect(modal).toBeHidden();
  await expect(opener).toHaveAccessibleName('Passengers Travellers: 4');
});

test('error modal, loading overlay and a back-forward cache restore', async ({ page }) => {
  await page.goto('/en');
  await acceptCookies(page);
  const overlay = page.getByRole('progressbar', { name: 'Loading…' });
  // The feedback island hydrates when the browser is idle: send the event until it answers.
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('showLoading')));
    await expect(overlay).toBeVisible({ timeout: 500 });
  }).toPass();
  await page.evaluate(() => window.dispatchEvent(new Event('hideLoading')));
  await expect(overlay).toBeHidden();

  await page.evaluate(() => window.dispatchEvent(new Event('showError')));
  const errorModal = page.getByRole('alertdialog', { name: 'Something went wrong. Please check your connection and try again.' });
  await expect(errorModal).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await errorModal.getByRole('button', { name: 'Close' }).first().click();
  await expect(errorModal).toBeHidden();

  await page.evaluate(() => window.dispatchEvent(new CustomEvent('showError', { detail: { message: 'The seat map is unavailable' } })));
  await expect(page.getByRole('alertdialog', { name: 'The seat map is unavailable' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();

  // Back from the cache with the overlay and a modal still up: both are gone.
  await page.evaluate(() => {
    window.dispatchEvent(new Event('showLoading'));
    window.dispatchEvent(new Event('showError'));
  });
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
  await expect(overlay).toBeHidden();
  await expect(page.getByRole('alertdialog')).toBeHidden();
});
