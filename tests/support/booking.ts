/** A held booking made through the real checkout pages, for the browser tests of what follows it. */
import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './browser.ts';

interface SearchTrip {
  params: { from: number; to: number; dep_time: string };
  segments: unknown[];
  travel_options: { booking_uri: string; bookable: 0 | 1; seats_left: number }[];
}

export interface HeldBooking {
  /** Departure "YYYY-MM-DD HH:MM" in the departure station's local time. */
  departure: string;
  fromStation: string;
  toStation: string;
}

/**
 * Searches Bangkok → Chiang Mai buses `offsetDays` ahead for one traveller, books the first
 * bookable direct trip as `name` and stops on the payment step.
 */
export async function holdOneSeat(page: Page, offsetDays: number, name: string): Promise<HeldBooking> {
  const date = new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const search = await page.request.get(
    `/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${date}&people=1&vehclasses=bus&currency=THB`,
  );
  expect(search.ok()).toBe(true);
  const { trips } = (await search.json()) as { trips: SearchTrip[] };
  const trip = trips.find((t) => t.segments.length === 1 && t.travel_options.some((o) => o.bookable === 1 && o.seats_left >= 1));
  const option = trip?.travel_options.find((o) => o.bookable === 1 && o.seats_left >= 1);
  if (!trip || !option) throw new Error(`no bookable bus on ${date}`);
  const common = (await (await page.request.get('/api/nuxt/en/common-data')).json()) as { stations: { id: number; name: string }[] };
  const stationName = (id: number) => common.stations.find((s) => s.id === id)?.name ?? '';

  await page.goto(`${option.booking_uri}?people=1&currency=THB`);
  await page.getByRole('link', { name: 'Continue to passenger details' }).click();
  await page.getByRole('group', { name: 'Passenger 1' }).getByLabel('Full name as in the passport').fill(name);
  await page.getByLabel('Email').fill('traveller@example.com');
  await page.getByLabel('Mobile phone').fill('+66 81 234 5678');
  await page.getByRole('button', { name: 'Reserve seats and continue' }).click();
  await expect(page).toHaveURL(/\/step\/confirmation$/);
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: /^Booking / })).toBeVisible();
  return { departure: trip.params.dep_time, fromStation: stationName(trip.params.from), toStation: stationName(trip.params.to) };
}

/** Pays the held booking (on its payment step) with the sandbox gateway's test card that succeeds. */
export async function payByCard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await payWithTestCard(page);
}

/** On a sandbox provider's card page (the card gateway's, Yuno's): the test card that succeeds, submitted. */
export async function payWithTestCard(page: Page): Promise<void> {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your booking is paid' })).toBeVisible({ timeout: 20_000 });
}

/**
 * On the ticket page shown: cancels the booking, then waits for its refund line (the refund
 * subscriber runs after the cancellation answers), and checks the cancelled page with axe.
 */
export async function cancelAndSeeRefund(page: Page, refundLine: RegExp): Promise<void> {
  await page.getByRole('region', { name: 'Cancel this booking' }).getByRole('button', { name: 'Cancel the booking', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, cancel the booking' }).click();
  await expect(page.getByRole('region', { name: 'Your booking is cancelled' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(refundLine)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
}
