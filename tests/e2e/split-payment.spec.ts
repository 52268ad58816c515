/**
 * Split payment (issue 26 item 5) in the browser. In the seeded network Samui Island Ferry takes
 * the money for its boats itself, so Bangkok → Koh Samui by bus and boat is a checkout in two
 * parts: the shop's (the bus) and the ferry's. The pay step shows each part with its own total and
 * paygates; the traveller pays the first part by card through the Yuno session, is led back to
 * the pay step, pays the second by bank transfer in the finAPI web form, and has two tickets.
 * Each part's ticket shows only its own legs. Cancelling a part records its refund against the
 * provider that took that part's money: Yuno for the card-paid bus, finAPI for the bank-paid boat
 * (the trip is picked with free cancellation on both legs, so each cancellation refunds).
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { cancelAndSeeRefund, payWithTestCard } from '../support/booking.ts';

const FERRY = 'Samui Island Ferry';

interface SearchBody {
  trips: {
    segments: { operator: number }[];
    travel_options: { booking_uri: string; bookable: 0 | 1; seats_left: number; full_refund_until: string | null }[];
  }[];
}

/**
 * A bookable bus-and-boat trip Bangkok → the islands whose boat belongs to the ferry that collects
 * its own payment, with free cancellation on every leg; with the name of the other leg's operator.
 */
async function twoOperatorTrip(page: Page, offsetDays: number): Promise<{ bookingUri: string; otherOperator: string }> {
  const common = (await (await page.request.get('/api/nuxt/en/common-data')).json()) as { operators: { id: number; name: string }[] };
  const ferry = common.operators.find((o) => o.name === FERRY);
  if (!ferry) throw new Error(`${FERRY} is not seeded`);
  for (const to of ['koh-samui', 'koh-tao', 'koh-phangan'])
    for (let day = offsetDays; day < offsetDays + 3; day++) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      const response = await page.request.get(`/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=${to}&date=${date}&people=1&currency=EUR`);
      if (!response.ok()) continue;
      const body = (await response.json()) as SearchBody;
      for (const trip of body.trips) {
        const other = trip.segments.find((s) => s.operator !== ferry.id);
        if (!other || !trip.segments.some((s) => s.operator === ferry.id)) continue;
        const option = trip.travel_options.find((o) => o.bookable === 1 && o.seats_left >= 1 && o.full_refund_until !== null);
        const otherOperator = common.operators.find((o) => o.id === other.operator)?.name;
        if (option && otherOperator) return { bookingUri: option.booking_uri, otherOperator };
      }
    }
  throw new Error(`no bookable, refundable trip from Bangkok to the islands with ${FERRY} and another operator`);
}

/** Clicks a paygate of one part until its provider's page opens (a click before the island hydrated is lost). */
async function openProvider(page: Page, part: string, paygate: string, providerPage: RegExp): Promise<void> {
  await expect(async () => {
    await page.getByRole('region', { name: part }).getByRole('button', { name: paygate }).click();
    await expect(page).toHaveURL(providerPage, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test('pays a two-operator checkout in two parts, gets a ticket per part, and each cancelled part is refunded by its own provider', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = `split-${String(Date.now())}@example.com`;
  const { bookingUri, otherOperator } = await twoOperatorTrip(page, 14);
  await page.goto(`${bookingUri}?people=1&currency=EUR`);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  const passenger = page.getByRole('group', { name: 'Passenger 1' });
  await passenger.getByLabel('Full name as in the passport').fill('Sofia Split');
  // The boat asks for the travel document.
  await passenger.getByLabel('Nationality').fill('DE');
  await passenger.getByLabel('Passport or ID number').fill('C01X00T47');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile phone').fill('+49 151 2345 6789');
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await page.getByRole('link', { name: 'Continue to payment' }).click();

  const payStep = page.url();
  // One section per part, each with its own total and paygates.
  const shopPart = 'Part 1: paid to us';
  const ferryPart = `Part 2: paid to ${FERRY}`;
  await expect(page.getByText('This booking is paid in 2 parts')).toBeVisible();
  await expect(page.getByRole('region', { name: shopPart }).getByText(/Total to pay/)).toBeVisible();
  await expect(page.getByRole('region', { name: ferryPart }).getByText(/Total to pay/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // On a 375 px phone the part sections fit the screen: no sideways scrolling, axe still clean.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('region', { name: ferryPart })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  if (desktop) await page.setViewportSize(desktop);
  // The same step in Arabic reads right to left, each part named in Arabic.
  await page.goto(payStep.replace('/en/pay/', '/ar/pay/'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // (the operator's Latin name is isolated from the Arabic text around it)
  await expect(page.getByRole('region', { name: /^الجزء 2: يُدفع إلى .Samui Island Ferry.$/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(payStep);

  // Part 1 by card through the Yuno session; the success page leads back to the part still to pay.
  await openProvider(page, shopPart, 'Card payment through Yuno', /\/sandbox-yuno\/checkout\//);
  await payWithTestCard(page);
  await expect(page.getByText('Another part of this booking is still to be paid.')).toBeVisible();
  await page.getByRole('link', { name: 'Pay the next part' }).click();
  await expect(page.getByRole('region', { name: shopPart }).getByText('Paid.')).toBeVisible();

  // Part 2 by bank transfer in the finAPI web form.
  await openProvider(page, ferryPart, 'Bank transfer', /\/sandbox-finapi\/webform\//);
  await page.getByLabel('Your IBAN').fill('DE75 5121 0800 1245 1261 99');
  await page.getByRole('button', { name: 'Approve transfer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Another part of this booking is still to be paid.')).toHaveCount(0);

  // Two tickets, one per part, each with only its own legs: the ferry's from this success page,
  // the shop's from the (now paid) pay step.
  const itinerary = page.getByRole('region', { name: 'Your trip' });
  await expect(itinerary.getByText(FERRY).first()).toBeVisible();
  await expect(itinerary.getByText(otherOperator)).toHaveCount(0);
  await page.getByRole('link', { name: 'View the booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-ticket' })).toBeVisible();
  await expect(itinerary.getByText(FERRY).first()).toBeVisible();
  await expect(itinerary.getByText(otherOperator)).toHaveCount(0);
  const ferryTicket = page.url();
  await page.goto(payStep);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible();
  await page.getByRole('link', { name: 'View the booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-ticket' })).toBeVisible();
  expect(page.url()).not.toBe(ferryTicket);
  await expect(itinerary.getByText(otherOperator).first()).toBeVisible();
  await expect(itinerary.getByText(FERRY)).toHaveCount(0);
  // Cancel the bus part (the shop's, paid by card): its refund goes back through Yuno, not by bank transfer.
  await cancelAndSeeRefund(page, /Refund of .+ to your card \(via Yuno\), reference [0-9a-f-]{36}: refunded/);
  await expect(page.getByText(/bank transfer/)).toHaveCount(0);

  // Cancel the ferry part (paid by bank transfer): its refund goes back through finAPI, not to a card.
  await page.goto(ferryTicket);
  await cancelAndSeeRefund(page, /Refund of .+ to your bank account \(bank transfer via finAPI\), reference \S+: refunded/);
  await expect(page.getByText(/Yuno/)).toHaveCount(0);
});
