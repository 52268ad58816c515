/**
 * The operators area in a real browser (issue 22): staff sign in with password and a TOTP code
 * (accounts written by tests/support/seedStaff.ts before the server starts). Support finds a
 * traveller's paid booking by its reference, corrects a passenger's name and re-sends the ticket
 * (a second ticket mail reaches the outbox); a manager marks a pay-at-counter booking paid and the
 * traveller receives the ticket mail. axe on every page visited, once in Arabic (right-to-left).
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { STAFF } from '../support/staff.ts';
import { signInAsStaff } from '../support/staffSignIn.ts';
import { directBookingUri, mailsTo } from '../support/tripsAndMail.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

function uniqueEmail(label: string): string {
  return `${label}-${String(Date.now())}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Ticket mails (with the PDF) the outbox holds for one traveller. */
async function ticketMails(email: string): Promise<number> {
  return (await mailsTo(email)).filter((raw) => raw.includes('.pdf')).length;
}

/** A traveller books one bus seat and stops on the payment step; returns the booking reference. */
async function holdSeat(page: Page, email: string, name: string, offsetDays: number): Promise<string> {
  await page.goto(`${await directBookingUri(page.request, offsetDays, 'bus', 1)}?people=1&currency=THB`);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  await page.getByRole('group', { name: 'Passenger 1' }).getByLabel('Full name as in the passport').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile phone').fill('+66 81 234 5678');
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  return ((await page.getByRole('heading', { name: /^Booking / }).textContent()) ?? '').replace('Booking ', '').trim();
}

test('support finds a booking by reference, corrects a passenger and re-sends the ticket', async ({ browser, page }) => {
  const email = uniqueEmail('op-support');
  const travellerContext = await browser.newContext();
  const traveller = await travellerContext.newPage();
  const reference = await holdSeat(traveller, email, 'Nora Quist', 12);
  await traveller.getByRole('button', { name: 'Pay by card' }).click();
  await traveller.getByLabel('Card number').fill('4242 4242 4242 4242');
  await traveller.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await traveller.getByLabel('Security code (CVC)').fill('123');
  await traveller.getByRole('button', { name: /^Pay / }).click();
  await expect(traveller.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => ticketMails(email), { timeout: 20_000 }).toBe(1);
  await travellerContext.close();

  await signInAsStaff(page, STAFF.support);
  expect(await seriousViolations(page)).toEqual([]);
  // Support sees bookings, not the manager's or admin's pages.
  const nav = page.getByRole('navigation', { name: 'Operators area sections' });
  await expect(nav.getByRole('link', { name: 'Counter payments' })).toHaveCount(0);
  expect((await page.request.get('/en/op/counter')).status()).toBe(403);
  // Nor the card BIN table: its page and its form answer 403, and the card resolves as before.
  await expect(nav.getByRole('link', { name: 'Card BINs' })).toHaveCount(0);
  expect((await page.request.get('/en/op/card-bins')).status()).toBe(403);
  const range = {
    prefix: '45999999',
    scheme: 'visa',
    issuerCountry: 'DE',
    cardType: 'debit',
    paygate: 'sandbox-card',
    feeBasisPoints: '1',
  };
  const sameSite = { 'sec-fetch-site': 'same-origin' };
  const refused = await page.request.post('/en/op/card-bins', {
    form: range,
    headers: { ...sameSite, origin: new URL(page.url()).origin },
  });
  // The page's own refusal (not the cross-site guard's JSON answer).
  expect([refused.status(), refused.headers()['content-type']]).toEqual([403, expect.stringContaining('text/html')]);
  const card = await page.request.post('/api/nuxt/en/checkout/resolve-card-payment-method', {
    data: { bin: '45999999' },
    headers: sameSite,
  });
  expect(await card.json()).toMatchObject({ paygate: 'yuno', fee_basis_points: 180 });

  await nav.getByRole('link', { name: 'Bookings' }).click();
  await page.getByRole('searchbox', { name: 'Reference, e-mail, passenger name or phone' }).fill(reference.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${reference}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Passengers' })).toContainText('Nora Quist');
  expect(await seriousViolations(page)).toEqual([]);

  const change = page.getByRole('form', { name: 'Change passenger names' });
  await change.getByLabel('First name').fill('Nora');
  await change.getByLabel('Last name').fill('Quist-Berg');
  await change.getByLabel('Reason (kept in the audit trail)').fill('surname misspelt at booking');
  await change.getByRole('button', { name: 'Save the names' }).click();
  await expect(page.getByRole('status')).toHaveText('The passenger names were changed.');
  await expect(page.getByRole('region', { name: 'Passengers' })).toContainText('Nora Quist-Berg');
  await expect(page.getByRole('region', { name: 'Audit trail (UTC)' }).first()).toContainText('surname misspelt at booking');

  const resend = page.getByRole('form', { name: 'Send the ticket again' });
  await resend.getByLabel('Reason (kept in the audit trail)').fill('traveller lost the mail');
  await resend.getByRole('button', { name: 'Reissue and send the ticket' }).click();
  await expect(page.getByRole('status')).toHaveText('The ticket was reissued; the mail is on its way.');
  await expect.poll(() => ticketMails(email), { timeout: 20_000 }).toBe(2);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a manager marks a counter payment paid and the traveller receives the ticket; the page reads right-to-left in Arabic', async ({
  browser,
  page,
}) => {
  const email = uniqueEmail('op-counter');
  const travellerContext = await browser.newContext();
  const traveller = await travellerContext.newPage();
  const reference = await holdSeat(traveller, email, 'Mali Srisuk', 13);
  await traveller.getByRole('button', { name: 'Pay at the operator’s counter' }).click();
  await expect(traveller).toHaveURL(/\/en\/payment-status\/booking\//);
  const counterRef = ((await traveller.getByText(/^Payment reference: \S+$/).textContent()) ?? '')
    .replace('Payment reference: ', '')
    .trim();
  await travellerContext.close();
  expect(await ticketMails(email)).toBe(0);

  await signInAsStaff(page, STAFF.manager);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('navigation', { name: 'Operators area sections' }).getByRole('link', { name: 'Counter payments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Counter payments' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: `Mark ${counterRef} paid` }).click();
  await expect(page.getByRole('status')).toHaveText(`${counterRef} is paid; the traveller receives the ticket by mail.`);
  await expect(page.getByRole('button', { name: `Mark ${counterRef} paid` })).toHaveCount(0);
  await expect.poll(() => ticketMails(email), { timeout: 20_000 }).toBe(1);

  // The booking shows the manager's transition in its audit trail.
  await page.goto(`/en/op/bookings?q=${reference}`);
  await page.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('region', { name: 'Audit trail (UTC)' }).first()).toContainText('mark_counter_paid');

  await page.getByRole('navigation', { name: 'Operators area sections' }).getByRole('link', { name: 'Today' }).click();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/ar/op/counter');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'مدفوعات الشباك' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('Admin redirects a retired address: a built page and another site answer from the next request, on every form check', async ({
  page,
  request,
}) => {
  const retired = `/en/old-guide-${String(Date.now())}`;
  await signInAsStaff(page, STAFF.admin);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('navigation', { name: 'Operators area sections' }).getByRole('link', { name: 'Redirects' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Route redirects' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // An API address is refused with its reason, and nothing is saved.
  await page.getByLabel('Address on this site').fill('/api/nuxt/en/ping');
  await page.getByLabel('Target').fill('/en');
  await page.getByRole('button', { name: 'Save the redirect' }).click();
  await expect(page.getByRole('alert')).toHaveText("API addresses and the site's script and style files cannot be redirected.");
  await expect(page.getByLabel('Address on this site')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Address on this site').fill(retired);
  await page.getByLabel('Target').fill('/en/about');
  await page.getByLabel('Kind').selectOption({ label: 'Permanent (301)' });
  await page.getByRole('button', { name: 'Save the redirect' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. Every server answers with the redirect from the next request.');
  await expect(page.getByRole('table')).toContainText(retired);

  // Served by scripts/serve.ts before its static files: the query survives the move.
  const moved = await request.get(`${retired}?utm_source=mail`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe('/en/about?utm_source=mail');
  const visitor = await page.context().newPage();
  await visitor.goto(retired);
  await expect(visitor).toHaveURL(/\/en\/about$/);
  await visitor.close();

  // The same address to another site: an external jump, temporary.
  await page.getByLabel('Address on this site').fill(retired);
  await page.getByLabel('Target').fill('https://hotels.example.com/?aid=roamly');
  await page.getByLabel('Kind').selectOption({ label: 'Temporary (302)' });
  await page.getByRole('button', { name: 'Save the redirect' }).click();
  const jump = await request.get(retired, { maxRedirects: 0 });
  expect(jump.status()).toBe(302);
  expect(jump.headers().location).toBe('https://hotels.example.com/?aid=roamly');

  await page.getByRole('button', { name: `Delete the redirect of ${retired}` }).click();
  await expect(page.getByRole('status')).toHaveText('Deleted. The address answers as before from the next request.');
  expect((await request.get(retired, { maxRedirects: 0 })).status()).toBe(404);
});

test('Admin adds a card BIN range: the next card resolution uses its provider and fee; an overlapping range is refused; the page reads right-to-left in Arabic', async ({
  page,
}) => {
  // Six digits of the clock: a range no earlier run of this test left behind can overlap.
  const prefix = `45${String(Date.now()).slice(-4)}`;
  const resolve = async () => {
    const answer = await page.request.post('/api/nuxt/en/checkout/resolve-card-payment-method', {
      data: { bin: `${prefix}00` },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as Record<string, unknown>;
  };
  expect(await resolve()).toMatchObject({ paygate: 'yuno', fee_basis_points: 180 });

  await signInAsStaff(page, STAFF.admin);
  await page.getByRole('navigation', { name: 'Operators area sections' }).getByRole('link', { name: 'Card BINs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Card BIN ranges' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('First digits').fill(prefix);
  await page.getByLabel('Scheme').selectOption({ label: 'Visa' });
  // A country that is not two letters: refused by the server's schema, the field marked.
  await page.getByLabel('Issuing country').fill('D1');
  await page.getByLabel('Fee in basis points').fill('95');
  await page.getByRole('button', { name: 'Save the range' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Check the marked fields: first digits are 1 to 8 digits, the country two letters, the fee a whole number from 0 to 1000.',
  );
  await expect(page.getByLabel('Issuing country')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First digits')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First digits')).toHaveValue(prefix);
  await page.getByLabel('Issuing country').fill('dk');
  await page.getByLabel('Card type').selectOption({ label: 'Debit' });
  await page.getByLabel('Provider').selectOption({ label: 'Card gateway (sandbox)' });
  await page.getByLabel('Fee in basis points').fill('95');
  await page.getByRole('button', { name: 'Save the range' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. Card payments use the range from the next request.');
  // The list opens filtered by the saved digits.
  await expect(page.getByRole('row', { name: new RegExp(`^${prefix} Visa DK Debit`) })).toBeVisible();
  expect(await resolve()).toMatchObject({ issuer_country: 'DK', card_type: 'debit', paygate: 'sandbox-card', fee_basis_points: 95 });

  // A range inside it is refused with its reason, the field marked, and nothing saved.
  await page.getByLabel('First digits').fill(`${prefix}9`);
  await page.getByLabel('Issuing country').fill('DK');
  await page.getByLabel('Fee in basis points').fill('10');
  await page.getByRole('button', { name: 'Save the range' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `These first digits overlap the range ${prefix}: ranges here must not contain one another. Change or delete that range first.`,
  );
  await expect(page.getByLabel('First digits')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await resolve()).toMatchObject({ fee_basis_points: 95 });

  // A change through the range's own link: the form opens filled in.
  await page.goto(`/en/op/card-bins?q=${prefix}`);
  await page.getByRole('link', { name: `Change the range ${prefix}` }).click();
  await expect(page.getByLabel('First digits')).toHaveValue(prefix);
  await page.getByLabel('Fee in basis points').fill('120');
  await page.getByRole('button', { name: 'Save the range' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  expect(await resolve()).toMatchObject({ fee_basis_points: 120 });

  await page.goto(`/ar/op/card-bins?q=${prefix}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'نطاقات BIN للبطاقات' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/en/op/card-bins?q=${prefix}`);
  await page.getByRole('button', { name: `Delete the range ${prefix}` }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Deleted. Cards with these digits follow the shipped table again from the next request.',
  );
  expect(await resolve()).toMatchObject({ paygate: 'yuno', fee_basis_points: 180 });
});
