/**
 * The payment providers of issue 26 in the browser, each through its local sandbox:
 *
 * - Bank transfer (finAPI-shaped): the pay step's "Bank transfer" opens the provider's web form
 *   (the sandbox plays finAPI and the bank), the traveller approves the transfer and comes back
 *   through pay/finapi-payment-result to a paid booking; a cancelled web form leaves it payable;
 *   the web form in Arabic reads right to left.
 * - Card through the Yuno-shaped session: "Card payment through Yuno" opens the provider's
 *   checkout (the sandbox plays Yuno's Web SDK), the signed webhook confirms the booking.
 *
 * Cancelling each paid booking shows its refund going back through the provider that took the
 * money, with that provider's reference. axe on the pages visited.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { cancelAndSeeRefund, payWithTestCard } from '../support/booking.ts';
import { directBookingUri } from '../support/tripsAndMail.ts';

async function reserveAndOpenPayStep(page: Page, name: string, trip: { offsetDays: number; currency: string }): Promise<void> {
  const email = `provider-${String(Date.now())}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto(`${await directBookingUri(page.request, trip.offsetDays, 'bus', 1)}?people=1&currency=${trip.currency}`);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  await page.getByRole('group', { name: 'Passenger 1' }).getByLabel('Full name as in the passport').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile phone').fill('+49 151 2345 6789');
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await page.getByRole('link', { name: 'Continue to payment' }).click();
}

/** Clicks a paygate until its provider's page opens (a click before the island hydrated is lost). */
async function openProvider(page: Page, paygate: string, providerPage: RegExp): Promise<void> {
  await expect(async () => {
    await page.getByRole('button', { name: paygate }).click();
    await expect(page).toHaveURL(providerPage, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

const openBankForm = (page: Page) => openProvider(page, 'Bank transfer', /\/sandbox-finapi\/webform\//);

/** From the paid booking's success page: open its ticket, cancel it, and wait for its refund line. */
async function cancelFromSuccessPage(page: Page, refundLine: RegExp): Promise<void> {
  await page.getByRole('link', { name: 'View the booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-ticket' })).toBeVisible();
  await cancelAndSeeRefund(page, refundLine);
}

test('pays by bank transfer in the provider’s web form, and the cancelled booking’s refund goes back by bank transfer', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await reserveAndOpenPayStep(page, 'Berta Bank', { offsetDays: 12, currency: 'EUR' });
  const reference = ((await page.getByRole('heading', { name: /^Booking / }).textContent()) ?? '').replace('Booking ', '').trim();
  await openBankForm(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Approve the bank transfer' })).toBeVisible();
  await expect(page.getByText('finAPI test bank')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Your IBAN').fill('DE75 5121 0800 1245 1261 99');
  await page.getByRole('button', { name: 'Approve transfer' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  // The refund is recorded against the provider that took the money, with its reference.
  await cancelFromSuccessPage(page, /Refund of .+ to your bank account \(bank transfer via finAPI\), reference \d+: refunded/);
  await expect(page.getByText(reference).first()).toBeVisible();
});

test('a cancelled web form brings the traveller back to a booking still waiting for payment; the form reads right to left in Arabic', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await reserveAndOpenPayStep(page, 'Carl Cancel', { offsetDays: 12, currency: 'EUR' });
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

test('pays by card in the Yuno session, and the cancelled booking’s refund goes back through Yuno', async ({ page }) => {
  test.setTimeout(150_000);
  await reserveAndOpenPayStep(page, 'Yara Yuno', { offsetDays: 13, currency: 'THB' });
  await openProvider(page, 'Card payment through Yuno', /\/sandbox-yuno\/checkout\//);
  await expect(page.getByText('Yuno sandbox · test payments, no real money')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await payWithTestCard(page);
  await cancelFromSuccessPage(page, /Refund of .+ to your card \(via Yuno\), reference [0-9a-f-]{36}: refunded/);
});
