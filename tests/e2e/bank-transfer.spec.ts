/**
 * Bank transfer through the finAPI-shaped provider (issue 26 item 4), in the browser: the pay
 * step's "Bank transfer" opens the provider's web form (the local sandbox plays finAPI and the
 * bank), the traveller approves the transfer and comes back through pay/finapi-payment-result to
 * a paid booking; cancelling it shows the refund going back by bank transfer with finAPI's
 * reference. A cancelled web form leaves the booking payable. axe on the pages visited; the web
 * form in Arabic reads right to left.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { directBookingUri } from '../support/tripsAndMail.ts';

async function reserveAndOpenPayStep(page: Page, name: string): Promise<void> {
  const email = `bank-${String(Date.now())}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto(`${await directBookingUri(page.request, 12, 'bus', 1)}?people=1&currency=EUR`);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  await page.getByRole('group', { name: 'Passenger 1' }).getByLabel('Full name as in the passport').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile phone').fill('+49 151 2345 6789');
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await page.getByRole('link', { name: 'Continue to payment' }).click();
}

/** Clicks "Bank transfer" until the web form opens (a click before the island hydrated is lost). */
async function openBankForm(page: Page): Promise<void> {
  await expect(async () => {
    await page.getByRole('button', { name: 'Bank transfer' }).click();
    await expect(page).toHaveURL(/\/sandbox-finapi\/webform\//, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test('pays by bank transfer in the provider’s web form, and the cancelled booking’s refund goes back by bank transfer', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await reserveAndOpenPayStep(page, 'Berta Bank');
  const reference = ((await page.getByRole('heading', { name: /^Booking / }).textContent()) ?? '').replace('Booking ', '').trim();
  await openBankForm(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Approve the bank transfer' })).toBeVisible();
  await expect(page.getByText('finAPI test bank')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Your IBAN').fill('DE75 5121 0800 1245 1261 99');
  await page.getByRole('button', { name: 'Approve transfer' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'View the booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-ticket' })).toBeVisible();
  await expect(page.getByText(reference).first()).toBeVisible();

  const cancelSection = page.getByRole('region', { name: 'Cancel this booking' });
  await cancelSection.getByRole('button', { name: 'Cancel the booking', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, cancel the booking' }).click();
  const done = page.getByRole('region', { name: 'Your booking is cancelled' });
  await expect(done).toBeVisible();
  // The refund is recorded against the provider that took the money, with its reference.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/Refund of .+ to your bank account \(bank transfer\), reference \d+: refunded/)).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
});

test('a cancelled web form brings the traveller back to a booking still waiting for payment; the form reads right to left in Arabic', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await reserveAndOpenPayStep(page, 'Carl Cancel');
  await openBankForm(page);
  const formUrl = new URL(page.url());

  formUrl.searchParams.set('lang', 'ar');
  await page.goto(formUrl.toString());
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الموافقة على التحويل البنكي' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'إلغاء والعودة إلى المتجر' }).click();
  await expect(page).toHaveURL(/\/payment-status\/booking\//);
  await expect(page.getByRole('alert')).toContainText('The bank transfer was not made: no money left your account.');
  await expect(page.getByRole('link', { name: 'Try to pay again' })).toBeVisible();
  // The form is finalised: opening it again says so.
  const again = await page.goto(formUrl.toString());
  expect(again?.status()).toBe(410);
  await expect(page.getByRole('alert')).toBeVisible();
});
