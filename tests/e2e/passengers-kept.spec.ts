/**
 * Nothing typed is lost (issue 17 item 2): Back from "Check your booking", a reload and the
 * page's own "Change passengers" reopen the passengers form filled from the held booking, in any
 * browser holding the cart, never in a stranger's. Saving passengers on the device is off by
 * default, and documents and birth dates are saved only on a second, explicit choice; what an
 * earlier version stored with documents is kept only without them. axe on every page visited.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { directBookingUri } from '../support/tripsAndMail.ts';

const NAME = 'Full name as in the passport';

async function expectFilled(page: Page, names: string[], email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Passenger details' })).toBeVisible();
  for (const [i, name] of names.entries())
    await expect(page.getByRole('group', { name: `Passenger ${String(i + 1)}` }).getByLabel(NAME)).toHaveValue(name);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Mobile phone')).toHaveValue('+66 81 234 5678');
}

test('Back, reload and "Change passengers" bring the form back filled, in any browser holding the cart and no other', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${await directBookingUri(page.request, 9, 'bus', 2)}?people=2&currency=THB`);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  const names = ['Anna Berg', 'Somchai Jaidee'];
  for (const [i, name] of names.entries())
    await page
      .getByRole('group', { name: `Passenger ${String(i + 1)}` })
      .getByLabel(NAME)
      .fill(name);
  await page.getByLabel('Email').fill('anna.kept@example.com');
  await page.getByLabel('Mobile phone').fill('+66 81 234 5678');
  // Saving on this device is the traveller's choice, not a default.
  await expect(page.getByRole('checkbox', { name: 'Save these passengers on this device for next time' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await expect(page).toHaveURL(/\/step\/confirmation$/);
  const passengersUrl = page.url().replace(/confirmation$/, 'passengers');

  await page.goBack();
  await expect(page).toHaveURL(/\/step\/passengers$/);
  await expectFilled(page, names, 'anna.kept@example.com');
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  await expectFilled(page, names, 'anna.kept@example.com');

  // A change made here is what the booking keeps, and what the form shows next time.
  await page.getByRole('group', { name: 'Passenger 2' }).getByLabel(NAME).fill('Somchai Jaidee Jr');
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await expect(page).toHaveURL(/\/step\/confirmation$/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Somchai Jaidee Jr' })).toBeVisible();
  await page.getByRole('link', { name: 'Change passengers' }).click();
  await expectFilled(page, ['Anna Berg', 'Somchai Jaidee Jr'], 'anna.kept@example.com');
  // Nothing was written to this browser's storage: the details live with the held booking.
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('Anna Berg');

  // Another device holding the cart (its cart session) gets the same filled form.
  const session = (await page.context().cookies()).filter((c) => c.name.endsWith('cart_session'));
  expect(session).toHaveLength(1);
  const other = await browser.newContext();
  await other.addCookies(session);
  const otherPage = await other.newPage();
  await otherPage.goto(passengersUrl);
  await expectFilled(otherPage, ['Anna Berg', 'Somchai Jaidee Jr'], 'anna.kept@example.com');
  await other.close();

  // A stranger with the link only is sent away and never sees a passenger.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(passengersUrl);
  await expect(strangerPage).not.toHaveURL(/\/step\/passengers$/);
  await expect(strangerPage.getByText('Anna Berg')).toHaveCount(0);
  expect(await strangerPage.content()).not.toContain('anna.kept@example.com');
  await stranger.close();
});

test('passengers are saved on the device only when asked, passport numbers only on a second choice', async ({ page }) => {
  test.setTimeout(120_000);
  // What an earlier version saved without asking: a passport number and a birth date.
  await page.goto('/en');
  await page.evaluate(() => {
    localStorage.setItem(
      'saved_passengers',
      JSON.stringify([{ full_name: 'Old Traveller', document_number: 'X9999999', birth_date: '1980-01-01' }]),
    );
  });
  await page.goto(`${await directBookingUri(page.request, 10, 'train', 1)}?people=1&currency=THB`);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  const passenger = page.getByRole('group', { name: 'Passenger 1' });
  // The old entry is still offered, but its documents are gone from the device.
  await expect(passenger.getByLabel('Fill in from a saved passenger').getByRole('option', { name: 'Old Traveller' })).toBeAttached();
  const stored = await page.evaluate(() => JSON.stringify(localStorage));
  expect(stored).not.toContain('X9999999');
  expect(stored).not.toContain('1980-01-01');
  expect(stored).toContain('Old Traveller');

  await passenger.getByLabel(NAME).fill('Mali Sukjai');
  await passenger.getByLabel('Nationality').fill('TH');
  await passenger.getByLabel('Passport or ID number').fill('AB1234567');
  await page.getByLabel('Email').fill('mali.saved@example.com');
  await page.getByLabel('Mobile phone').fill('+66 81 234 5678');
  await page.getByRole('checkbox', { name: 'Save these passengers on this device for next time' }).check();
  const documents = page.getByRole('checkbox', { name: 'Also save passport numbers and birth dates on this device' });
  await expect(documents).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await expect(page).toHaveURL(/\/step\/confirmation$/);
  let saved = await page.evaluate(() => localStorage.getItem('saved_passengers_v2') ?? '');
  expect(saved).toContain('Mali Sukjai');
  expect(saved).not.toContain('AB1234567');

  // Asked for explicitly, the passport number is kept too.
  await page.getByRole('link', { name: 'Change passengers' }).click();
  await expect(passenger.getByLabel('Passport or ID number')).toHaveValue('AB1234567');
  await page.getByRole('checkbox', { name: 'Save these passengers on this device for next time' }).check();
  await documents.check();
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await expect(page).toHaveURL(/\/step\/confirmation$/);
  saved = await page.evaluate(() => localStorage.getItem('saved_passengers_v2') ?? '');
  expect(saved).toContain('AB1234567');
});
