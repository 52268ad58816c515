/**
 * Cancellation and time zones (issue 17 item 5), on a booking paid by card: the ticket page, its
 * PDF and calendar file and the mails read every time in the station's zone with the zone named;
 * "Cancel the booking" asks first with the refund amount, then shows the reference, the trip, the
 * refund and when it arrives and a link to My tickets; one mail confirms it however often (and
 * however concurrently) the cancel is repeated. axe on every page visited.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { decodeQuotedPrintable, directBookingUri, mailsTo } from '../support/tripsAndMail.ts';
import { pdfText } from '../support/pdfText.ts';

const ZONE = 'Indochina Time'; // Bangkok and Chiang Mai, named as Intl names Asia/Bangkok in English

test('times name the station’s zone; cancelling asks first, confirms with the refund, and mails once', async ({ page }) => {
  test.setTimeout(150_000);
  const email = `cancel-${String(Date.now())}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto(`${await directBookingUri(page.request, 11, 'bus', 1)}?people=1&currency=THB`);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  await page.getByRole('group', { name: 'Passenger 1' }).getByLabel('Full name as in the passport').fill('Nora Quist');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile phone').fill('+66 81 234 5678');
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  const reference = ((await page.getByRole('heading', { name: /^Booking / }).textContent()) ?? '').replace('Booking ', '').trim();
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'View the booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-ticket' })).toBeVisible();
  const ticketUrl = page.url();

  // Departure and arrival in the stations' zone, the zone named (the server runs in UTC).
  const leg = page.getByRole('region', { name: 'Your trip' }).getByRole('listitem').first();
  await expect(leg).toContainText(ZONE);
  const cancelSection = page.getByRole('region', { name: 'Cancel this booking' });
  const refundText = (await cancelSection.getByText(/Free cancellation|refunds|not refundable/).textContent()) ?? '';
  if (refundText.startsWith('Free cancellation until')) expect(refundText).toContain(ZONE);
  expect(await seriousViolations(page)).toEqual([]);

  // The PDF and the calendar file say the same.
  const pdf = await page.request.get((await page.getByRole('link', { name: 'Download the e-ticket (PDF)' }).getAttribute('href')) ?? '');
  expect(pdfText(new Uint8Array(await pdf.body()))).toContain(ZONE);
  const ics = await page.request.get((await page.getByRole('link', { name: 'Add to calendar (.ics)' }).getAttribute('href')) ?? '');
  expect((await ics.text()).replace(/\r\n /g, '')).toContain(ZONE);

  // One click only asks: the booking is still paid, and the question names what comes back.
  await cancelSection.getByRole('button', { name: 'Cancel the booking', exact: true }).click();
  const question = page.getByRole('group', { name: `Cancel booking ${reference}?` });
  await expect(question).toBeVisible();
  await expect(question).toContainText(/You will get .+ back|No money will be returned/);
  await expect(page.getByText(/· (Paid|Confirmed)/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // "Keep my booking" changes nothing.
  await question.getByRole('link', { name: 'No, keep my booking' }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is cancelled' })).toHaveCount(0);
  await page.getByRole('region', { name: 'Cancel this booking' }).getByRole('button', { name: 'Cancel the booking', exact: true }).click();

  // Confirmed: the reference, the trip, the refund and when it arrives, and the way to My tickets.
  const yes = page.getByRole('button', { name: 'Yes, cancel the booking' });
  const formAction = await page.locator('form', { has: yes }).getAttribute('action');
  await yes.click();
  const done = page.getByRole('region', { name: 'Your booking is cancelled' });
  await expect(done).toBeVisible();
  await expect(page.getByText(reference).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your trip' }).getByRole('listitem').first()).toContainText(ZONE);
  await expect(done).toContainText(/goes back to the way you paid: cards show it within 5–10 working days|No money is due back/);
  await expect(done.getByRole('link', { name: 'My tickets' })).toHaveAttribute('href', '/en/profile');
  await expect(page.getByRole('button', { name: /cancel/i })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Repeats — a reload resubmitting, a double click, several at once — send no second mail.
  const again = () =>
    page.request.post(new URL(formAction ?? '', ticketUrl).toString(), {
      form: { confirm: 'yes' },
      headers: { origin: new URL(ticketUrl).origin },
      maxRedirects: 0,
    });
  const answers = await Promise.all([again(), again(), again()]);
  for (const a of answers) expect(a.status()).toBe(303);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your booking is cancelled' })).toBeVisible();

  await expect
    .poll(async () => (await mailsTo(email)).filter((m) => /^Subject: .*is cancelled/m.test(m)).length, { timeout: 15_000 })
    .toBe(1);
  // Give a late duplicate the time to show up, then count again.
  await page.waitForTimeout(1_000);
  const cancelMails = (await mailsTo(email)).filter((m) => /^Subject: .*is cancelled/m.test(m));
  expect(cancelMails).toHaveLength(1);
  const body = decodeQuotedPrintable(cancelMails[0] ?? '');
  expect(body).toContain(`Subject: Your booking ${reference} is cancelled`);
  expect(body).toContain(ZONE);
  expect(body).toMatch(/goes back to the way you paid|No money is due back/);
  // The booking mail reads its times the same way.
  await expect
    .poll(async () => decodeQuotedPrintable((await mailsTo(email)).find((m) => /^Subject: .*tickets inside/m.test(m)) ?? ''), {
      timeout: 15_000,
    })
    .toContain(ZONE);
});
