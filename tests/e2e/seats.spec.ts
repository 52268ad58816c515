/**
 * Seat choice (issue 27): a train for two on two chosen places side by side, chosen with the
 * mouse and the keyboard on a grid of toggle buttons named for screen readers ("Seat 10A, window,
 * free"); the SPEC §5 messages for an empty selection and too few seats; the places on the ticket;
 * after cancelling, the next traveller finds them free. The Arabic page draws the map right to
 * left. axe on every page with a map.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { directBookingUri } from '../support/tripsAndMail.ts';

const NAME = 'Full name as in the passport';

async function passengersStep(page: Page, uri: string) {
  await page.goto(`${uri}?people=2&currency=THB`);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  const map = page.getByRole('group', { name: /^Seats from / });
  await expect(map).toBeVisible();
  return map;
}

test('two passengers on two chosen seats side by side: on the ticket, and free again after cancelling', async ({ page }) => {
  test.setTimeout(300_000);
  const uri = await directBookingUri(page.request, 12, 'train', 2);
  const map = await passengersStep(page, uri);
  // Places for both are chosen together when the page opens (once the island has started).
  await expect(map.getByText('2 of 2 chosen')).toBeVisible({ timeout: 60_000 });
  await expect(map.getByRole('button', { pressed: true })).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  for (let i = 0; i < 2; i++) {
    const form = page.getByRole('group', { name: `Passenger ${String(i + 1)}` });
    await form.getByLabel(NAME).fill(i === 0 ? 'Mali Sukjai' : 'Arun Sukjai');
    await form.getByLabel('Nationality').fill('TH');
    await form.getByLabel('Passport or ID number').fill(`AB12345${String(i)}`);
  }
  await page.getByLabel('Email').fill(`seats-${String(Date.now())}@example.com`);
  await page.getByLabel('Mobile phone').fill('+66 81 234 5678');

  // Giving both places back: "empty selection".
  const pressed = map.getByRole('button', { pressed: true });
  await pressed.first().click();
  await pressed.first().click();
  await expect(pressed).toHaveCount(0);
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await expect(map.getByText('Choose a place on the seat map.')).toBeVisible();

  // One place for two passengers: "not enough seats".
  await map.getByRole('button', { name: 'Seat 10A, window, free' }).click();
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await expect(map.getByText('Not enough seats chosen: choose one for each passenger.')).toBeVisible();

  // The second with the keyboard: the arrow moves to the next place of the row, Space chooses it.
  await map.getByRole('button', { name: 'Seat 10A, window, free' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(map.getByRole('button', { name: 'Seat 10B, aisle, free' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(map.getByRole('button', { name: 'Seat 10B, aisle, free' })).toHaveAttribute('aria-pressed', 'true');
  await expect(map.getByText('2 of 2 chosen')).toBeVisible();
  await expect(map).toContainText('10A, 10B');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'View the booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-ticket' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your trip' })).toContainText('Seats: 10A, 10B');

  // While the booking stands, the next traveller finds both places taken.
  const taken = await passengersStep(page, uri);
  await expect(taken.getByRole('button', { name: 'Seat 10A, window, taken' })).toBeDisabled();
  await expect(taken.getByRole('button', { name: 'Seat 10B, aisle, taken' })).toBeDisabled();
  await page.goBack();
  await page.goBack();

  // Cancelled, the places are free again.
  await expect(page.getByRole('heading', { level: 1, name: 'E-ticket' })).toBeVisible();
  await page.getByRole('region', { name: 'Cancel this booking' }).getByRole('button', { name: 'Cancel the booking', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, cancel the booking' }).click();
  await expect(page.getByRole('region', { name: 'Your booking is cancelled' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your trip' })).not.toContainText('Seats:');
  const free = await passengersStep(page, uri);
  await expect(free.getByRole('button', { name: 'Seat 10A, window, free' })).toBeEnabled();
  await expect(free.getByRole('button', { name: 'Seat 10B, aisle, free' })).toBeEnabled();
});

test('the Arabic seat map is drawn right to left, and its arrow keys follow what is drawn', async ({ page }) => {
  test.setTimeout(240_000);
  const uri = (await directBookingUri(page.request, 13, 'train', 2)).replace(/^\/en\//, '/ar/');
  await page.goto(`${uri}?people=2&currency=THB`);
  await page.getByRole('link', { name: 'المتابعة إلى بيانات المسافرين' }).click();
  const grid = page.getByRole('grid').first();
  await expect(grid).toBeVisible();
  // "المقعد 10A، بجانب النافذة، متاح" (Seat 10A, window, free), or a berth (السرير) on a night train.
  const a = grid.getByRole('button', { name: /(المقعد|السرير)\W*10A\W/ });
  const b = grid.getByRole('button', { name: /(المقعد|السرير)\W*10B\W/ });
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  // A is the first letter of the row: on the right in a right-to-left page.
  expect((boxA?.x ?? 0) > (boxB?.x ?? 0)).toBe(true);
  await a.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(b).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});
