/**
 * The booking journey in a real browser, from a real search result's booking_uri: two
 * passengers, confirmation, card payment on the sandbox gateway's own page, the success page
 * and the ticket downloads (PDF with the reference and both names, .ics). A declined card shows
 * a clear error and the traveller pays with another; a 3-D Secure card goes through the
 * challenge. axe checks every checkout step.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { pdfText } from '../support/pdfText.ts';

interface SearchBody {
  trips: { segments: unknown[]; travel_options: { booking_uri: string; bookable: 0 | 1; seats_left: number }[] }[];
}

/** A bookable direct bus from a real search, a few days ahead (the seed's timetable starts today). */
async function bookingUri(request: APIRequestContext, offsetDays: number): Promise<string> {
  const date = new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const response = await request.get(
    `/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${date}&people=2&vehclasses=bus&currency=THB`,
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as SearchBody;
  const option = body.trips
    .filter((t) => t.segments.length === 1)
    .flatMap((t) => t.travel_options)
    .find((o) => o.bookable === 1 && o.seats_left >= 2);
  if (!option) throw new Error(`no bookable bus on ${date}`);
  return option.booking_uri;
}

async function fillPassengersAndReserve(page: Page, names: [string, string]) {
  for (const [i, name] of names.entries()) {
    await page
      .getByRole('group', { name: `Passenger ${String(i + 1)}` })
      .getByLabel('Full name as in the passport')
      .fill(name);
  }
  await page.getByLabel('Email').fill('anna.berg@example.com');
  await page.getByLabel('Mobile phone').fill('+66 81 234 5678');
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await expect(page).toHaveURL(/\/step\/confirmation$/);
}

async function startCardPayment(page: Page, offsetDays: number, names: [string, string]) {
  await page.goto(`${await bookingUri(page.request, offsetDays)}?people=2&currency=THB`);
  await expect(page).toHaveURL(/\/en\/checkout\/[\w-]+$/);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  await fillPassengersAndReserve(page, names);
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
}

async function payWithCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

test('books two passengers from a search result, pays by card and downloads the tickets', async ({ page, browser }) => {
  // Five axe runs and a real payment round trip: more than the default 30 s on a shared machine.
  test.setTimeout(120_000);
  await page.goto(`${await bookingUri(page.request, 3)}?people=2&currency=THB`);
  await expect(page).toHaveURL(/\/en\/checkout\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Your trip' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passenger details' })).toBeVisible();
  // Sending the form empty points at the missing fields instead of reserving anything.
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Some details are missing' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Passenger 1' }).getByLabel('Full name as in the passport')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(await seriousViolations(page)).toEqual([]);

  await fillPassengersAndReserve(page, ['Anna Berg', 'Somchai Jaidee']);
  await expect(page.getByText('Your seats are held for you')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Somchai Jaidee' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Continue to payment' }).click();
  const reference = ((await page.getByRole('heading', { name: /^Booking / }).textContent()) ?? '').replace('Booking ', '').trim();
  expect(reference).toMatch(/^[A-Z0-9]{8}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
  expect(await seriousViolations(page)).toEqual([]);
  await payWithCard(page, '4242 4242 4242 4242');

  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible({ timeout: 20_000 });
  // The URL carries the booking's public id, not a sequential number.
  await expect(page).toHaveURL(/\/en\/order\/[0-9a-f-]{36}\/payment\/sandbox-card\/success$/);
  await expect(page.getByRole('heading', { name: `Booking reference: ${reference}` })).toBeVisible();

  // Another browser with the same links gets the not-found page, and no way into the booking.
  const stranger = await browser.newPage();
  expect((await stranger.goto(page.url()))?.status()).toBe(404);
  expect((await stranger.goto(page.url().replace(/\/order\/([^/]+)\/.*$/, '/payment-status/booking/$1')))?.status()).toBe(404);
  await stranger.close();

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the e-ticket (PDF)' }).click();
  const pdf = pdfText(await readFile(await (await pdfDownload).path()));
  expect(pdf).toContain(reference);
  expect(pdf).toContain('Anna Berg');
  expect(pdf).toContain('Somchai Jaidee');

  const icsDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar (.ics)' }).click();
  const ics = await readFile(await (await icsDownload).path(), 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(reference);

  // A guest has no account: the signed link is their temporary authentication for the ticket page.
  await page.getByRole('link', { name: 'View the booking' }).click();
  await expect(page).toHaveURL(/\/en\/ticket\?b=\d+&t=/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-ticket' })).toBeVisible();
  await expect(page.getByText(reference).first()).toBeVisible();
  // Without the signature the guard sends the visitor to sign in.
  await page.goto(page.url().replace(/&t=[^&]+/, '&t=forged'));
  await expect(page).toHaveURL(/\/en\/login\?ref=/);
});

test('a paygate chosen before the payment island has hydrated still opens the gateway', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${await bookingUri(page.request, 9)}?people=2&currency=THB`);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  await fillPassengersAndReserve(page, ['Anna Berg', 'Somchai Jaidee']);
  // The paygate island's script never arrives: the buttons are what the server rendered (a
  // traveller who clicks while the script is still loading sees the same page).
  await page.route(/\/_astro\/PayOptions\.[\w-]+\.js$/, (route) => route.abort());
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/en\/pay\/[\w-]+$/);
  // A form the page did not render (no paygate, no key) comes back to the pay step, said in words.
  const refused = await page.request.post(`${new URL(page.url()).pathname}/place`, {
    form: { paygate: 'cash' },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(303);
  expect(refused.headers().location).toMatch(/\/en\/pay\/[\w-]+\?pay_error=invalid_order$/);
  await page.goto(refused.headers().location ?? '');
  await expect(page.getByRole('alert')).toHaveText('This payment request is not complete. Please choose a way to pay again.');

  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible({ timeout: 20_000 });
});

test('a declined card shows a clear error and the traveller pays with another card', async ({ page }) => {
  await startCardPayment(page, 4, ['Li Wei', 'Mai Tran']);
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. No money was taken. Please try another card.');
  await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible({ timeout: 20_000 });
});

test('a card number failing the Luhn check is refused on the gateway page', async ({ page }) => {
  await startCardPayment(page, 5, ['Ana Silva', 'João Silva']);
  await payWithCard(page, '4242 4242 4242 4241');
  await expect(page.getByText('This card number is not valid. Please check it.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
});

test('a 3-D Secure card goes through the bank challenge', async ({ page }) => {
  await startCardPayment(page, 6, ['Kim Minji', 'Park Jisoo']);
  await payWithCard(page, '4000 0000 0000 3220');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm this payment with your bank' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm the payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible({ timeout: 20_000 });
});

test('the confirmation step is not reachable before seats are held', async ({ page }) => {
  await page.goto(`${await bookingUri(page.request, 7)}?people=2&currency=THB`);
  await expect(page).toHaveURL(/\/en\/checkout\/[\w-]+$/);
  await page.goto(`${page.url()}/step/confirmation`);
  await expect(page).toHaveURL(/\/step\/passengers$/);
  // An unknown cart's link is the empty checkout, which says the link's cart was not found.
  await page.context().clearCookies();
  await page.goto('/en/checkout/not-a-real-cart-hash-000/step/passengers');
  await expect(page).toHaveURL(/\/en\/checkout\?unknown=1$/);
  await expect(page.getByText('We could not find this checkout')).toBeVisible();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('the passengers step is served with every traveller’s fields, and nothing moves when its script runs', async ({ page }) => {
    await page.goto(`${await bookingUri(page.request, 9)}?people=2&currency=THB`);
    await page.getByRole('link', { name: 'Continue to passenger details' }).click();
    await expect(page).toHaveURL(/\/step\/passengers$/);
    const stepUrl = page.url();

    // The page as served, before any script: both travellers' fields are there.
    const served = await page.request.get(stepUrl);
    const html = await served.text();
    expect(html).toContain('Passenger 1');
    expect(html).toContain('Passenger 2');

    // Loaded in the browser: the layout shifts (the island used to add the travellers' fields
    // after it hydrated, pushing the contact details down the screen).
    await page.addInitScript(() => {
      (window as unknown as { shifted: number }).shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) (window as unknown as { shifted: number }).shifted += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(stepUrl);
    // The form's script runs on the first touch (here a focus, which is not counted as input
    // by the layout-shift measure); the total it asks for says it has.
    await page.getByRole('group', { name: 'Passenger 1' }).getByLabel('Full name as in the passport').focus();
    await expect(
      page
        .getByRole('main')
        .locator('form')
        .getByText(/^Total:/),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Passenger 2' }).getByLabel('Full name as in the passport')).toBeVisible();
    const shifted = await page.evaluate(() => (window as unknown as { shifted: number }).shifted);
    expect(shifted).toBeLessThan(0.01);
  });
});
