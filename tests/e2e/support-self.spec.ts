/**
 * Support self-service (issue 24): a traveller corrects a passenger's name on the ticket page
 * before the operator's cut-off and gets the re-issued ticket by mail; mail preferences: the
 * unsubscribe page without email and hash goes home (301), a forged link changes nothing, and the
 * RFC 8058 one-click POST from a mail provider (form body, no Origin, no cookies) is accepted.
 * axe on every page visited.
 */
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { decodeQuotedPrintable, directBookingUri, mailsTo } from '../support/tripsAndMail.ts';

/** The server under test runs with the development MAIL_LINK_SECRET (src/config/environment.ts). */
const DEVELOPMENT_MAIL_LINK_SECRET = 'mail-link-secret-for-development';
const unsubscribeHash = (type: string, email: string) =>
  createHmac('sha256', DEVELOPMENT_MAIL_LINK_SECRET).update(`unsubscribe:${type}:${email}`).digest('base64url').slice(0, 32);

const uniqueEmail = (prefix: string) => `${prefix}-${String(Date.now())}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test('a passenger change before the cut-off re-issues the ticket and mails it again', async ({ page }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('change');
  // A server just started answers searches once its index is loaded (503 until then).
  const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  await expect
    .poll(
      async () => (await page.request.get(`/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${date}&people=1`)).status(),
      {
        timeout: 120_000,
      },
    )
    .toBe(200);
  await page.goto(`${await directBookingUri(page.request, 9, 'bus', 1)}?people=1&currency=THB`);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  await page.getByRole('group', { name: 'Passenger 1' }).getByLabel('Full name as in the passport').fill('Nora Quist');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile phone').fill('+66 81 234 5678');
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'View the booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-ticket' })).toBeVisible();
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBe(1);

  const change = page.getByRole('region', { name: 'Correct passenger details' });
  await expect(change).toContainText('You can correct names and documents until');
  expect(await seriousViolations(page)).toEqual([]);
  await change.getByRole('group', { name: 'Passenger 1' }).getByLabel('Full name as in the passport').fill('Nora Quist-Lind');
  await change.getByRole('button', { name: 'Save and re-issue the ticket' }).click();

  await expect(change.getByRole('status')).toHaveText('Passenger details updated. Your new ticket has been e-mailed to you.');
  await expect(page.getByRole('region', { name: 'Your trip' })).toContainText('Nora Quist-Lind');
  expect(await seriousViolations(page)).toEqual([]);

  // The re-issued ticket arrives: a second ticket mail, with the corrected name.
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBe(2);
  const latest = decodeQuotedPrintable((await mailsTo(email))[1] ?? '');
  expect(latest).toContain('Nora Quist-Lind');
  expect(latest).toContain('application/pdf');

  // A correction that changes nothing is refused with the reason, next to the form.
  await change.getByRole('button', { name: 'Save and re-issue the ticket' }).click();
  await expect(change.getByRole('alert')).toHaveText('Nothing was changed: edit at least one field.');
});

test('the unsubscribe page: home without email and hash, a forged link refused, the one-click POST accepted', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('optout');
  const noHash = await page.request.get(`/en/email/unsubscribe?type=survey&email=${encodeURIComponent(email)}`, { maxRedirects: 0 });
  expect(noHash.status()).toBe(301);
  expect(noHash.headers().location).toMatch(/\/en\/$/);

  const forged = await page.goto(`/en/email/unsubscribe?type=survey&email=${encodeURIComponent(email)}&hash=${'A'.repeat(32)}`);
  expect(forged?.status()).toBe(403);
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid');
  expect(await seriousViolations(page)).toEqual([]);

  // The mail provider's one-click POST: a form body, no Origin, no cookies.
  const query = `type=survey&email=${encodeURIComponent(email)}&hash=${unsubscribeHash('survey', email)}`;
  const oneClick = await page.request.fetch(`/api/nuxt/en/unsubscribe?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.json()).toEqual({ unsubscribed: true, type: 'survey' });

  // The link in the mail's text confirms in the traveller's language; tickets keep coming.
  await page.goto(`/ar/email/unsubscribe?${query}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('status')).toContainText(email);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the support booking list asks visitors to sign in', async ({ page }) => {
  const answer = await page.request.get('/en/support/help/booking-list', { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toContain('/en/login');
});
