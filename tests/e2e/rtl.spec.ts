/**
 * Arabic on a 390×844 phone (issue 17 item 3): what the browser draws, not only the markup.
 * Latin and numeric runs (station names, times, prices, the phone example) keep their own
 * order inside right-to-left text, arrows point the reading way (←), money is Intl's Arabic
 * format with "US$" intact, and every checkout page's title names its step. axe checks each page.
 *
 * With UPDATE_DOC_SCREENS=1 the test also saves the screenshots kept in docs/screens/.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { acceptCookies, isoIn, seriousViolations } from '../support/browser.ts';
import { comesBeforeInRtl, glyphCentres, readsLeftToRight } from '../support/bidi.ts';
import { pdfText } from '../support/pdfText.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const AR = JSON.parse(readFileSync(join(ROOT, 'src/i18n/translations/ar-ae.json'), 'utf8')) as Record<string, string>;
const ar = (key: string, values: Record<string, string | number> = {}) => {
  const text = AR[key];
  if (!text) throw new Error(`no ${key} in ar-ae.json`);
  return text.replace(/\[(\w+)\]/g, (whole, name: string) => String(values[name] ?? whole));
};
const stepTitle = (step: number) =>
  ar('checkout.stepTitle', {
    step: ar(['checkout.stepItinerary', 'checkout.stepPassengers', 'checkout.stepConfirmation', 'checkout.stepPayment'][step] ?? ''),
    n: step + 1,
    total: 4,
  });

test.use({ viewport: { width: 390, height: 844 }, locale: 'ar-AE' });

/** The page's main content (the results: the phone's first screen) as docs/screens/ar-NAME.png. */
async function screen(page: Page, name: string, firstScreen = false) {
  if (!process.env.UPDATE_DOC_SCREENS) return;
  const path = join(ROOT, `docs/screens/ar-${name}.png`);
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  const main = await page.getByRole('main').boundingBox();
  // The whole page, cut to the main content: an element screenshot would scroll the sticky header over it.
  if (firstScreen || !main) await page.screenshot({ path });
  else await page.screenshot({ path, fullPage: true, clip: main });
}

/** "US$" is drawn as written, to the left of the amount (which a right-to-left reader meets first). */
async function expectDollarsReadRight(page: Page, priceText: string) {
  const price = page.getByText(priceText, { exact: true }).first();
  await expect(price).toBeVisible();
  expect(readsLeftToRight(await glyphCentres(price, 'US$'))).toBe(true);
}

interface SearchBody {
  trips: { segments: unknown[]; travel_options: { booking_uri: string; bookable: 0 | 1; seats_left: number }[] }[];
}

/** A fresh Arabic checkout (USD, one passenger) for a bookable direct bus a few days ahead. */
async function openCheckout(page: Page): Promise<void> {
  const date = isoIn(4);
  const search = await page.request.get(
    `/api/nuxt/ar/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${date}&people=1&vehclasses=bus&currency=USD`,
  );
  expect(search.ok()).toBe(true);
  const option = ((await search.json()) as SearchBody).trips
    .filter((t) => t.segments.length === 1)
    .flatMap((t) => t.travel_options)
    .find((o) => o.bookable === 1 && o.seats_left >= 1);
  if (!option) throw new Error(`no bookable bus on ${date}`);
  await page.goto(`${option.booking_uri.replace(/^\/en\//, '/ar/')}?people=1&currency=USD`);
  await expect(page).toHaveURL(/\/ar\/checkout\/[\w-]+$/);
  await acceptCookies(page);
}

async function fillPassenger(page: Page, phone: string): Promise<void> {
  await page
    .getByRole('group', { name: ar('checkout.passengerN', { n: 1 }) })
    .getByLabel(ar('checkout.field.full_name'))
    .fill('Anna Berg');
  await page.getByLabel(ar('checkout.email')).fill('anna.berg@example.com');
  await page.getByLabel(ar('checkout.phone')).fill(phone);
  await page.getByRole('button', { name: ar('checkout.continueToConfirmation') }).click();
}

test('Arabic result cards point their arrows left and show "US$" as written', async ({ page }) => {
  // A long list and an axe run over it: more than the default 30 s on a shared machine.
  test.setTimeout(90_000);
  await page.goto(`/ar/bus/bangkok/chiang-mai?date=${isoIn(4)}`);
  await acceptCookies(page);
  const card = page.getByRole('tabpanel').getByRole('article').first();
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { level: 3 })).toContainText('←');
  await expect(card).not.toContainText('→');
  const cardPrice = (await card.getByText(/US\$/).first().textContent()) ?? '';
  // Intl's own Arabic format (the amount, then "US$"); the symbol is isolated (FSI…PDI).
  expect(cardPrice.replace(/[\u2066-\u2069]/g, '')).toMatch(/^\u200f?[\d,]+\.\d{2}\u00a0US\$$/);
  expect(readsLeftToRight(await glyphCentres(card, 'US$'))).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await screen(page, 'results', true);
});

/** A leg's departure and arrival `<time>` elements: their text and where a right-to-left reader starts each. */
interface ShownTime {
  text: string;
  start: { x: number; y: number };
}
async function timesOf(leg: Locator): Promise<[ShownTime, ShownTime]> {
  const out: ShownTime[] = [];
  for (const time of await leg.locator('time').all()) {
    const box = await time.boundingBox();
    out.push({ text: ((await time.textContent()) ?? '').trim(), start: { x: (box?.x ?? 0) + (box?.width ?? 0), y: box?.y ?? 0 } });
  }
  const [departure, arrival] = out;
  expect(out).toHaveLength(2);
  if (!departure || !arrival) throw new Error('a leg shows a departure and an arrival time');
  return [departure, arrival];
}

test('the Arabic itinerary reads right to left with names, times and prices intact; the title names the step', async ({ page }) => {
  test.setTimeout(60_000);
  await openCheckout(page);
  await expect(page).toHaveTitle(new RegExp(`^${stepTitle(0)}`));
  const itinerary = page.getByRole('region', { name: ar('checkout.itinerary') });
  const leg = itinerary.getByRole('listitem').first();
  await expect(leg).toContainText('←');
  await expect(leg).not.toContainText('→');
  const line = ((await leg.getByRole('paragraph').first().textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');
  // Departure and arrival are each an isolated, locale-formatted time in the station's zone; the
  // departure is met first (to the right, or a line above).
  const [departure, arrival] = await timesOf(leg);
  expect(departure.text).not.toBe('');
  expect(comesBeforeInRtl(departure.start, arrival.start)).toBe(true);
  const [fromPart = '', toPart = ''] = line.split('←');
  const fromName = fromPart.replace(departure.text, '').trim();
  const toName = toPart.replace(arrival.text, '').trim();
  expect(fromName).not.toBe('');
  expect(toName).not.toBe('');
  const [fromStart] = await glyphCentres(leg, fromName);
  const [toStart] = await glyphCentres(leg, toName);
  expect(fromStart && toStart && comesBeforeInRtl(fromStart, toStart)).toBe(true);
  // A name with brackets reads "(Chatuchak)", not ")Chatuchak(".
  const bracketed = /\([^)]+\)/.exec(`${fromName} ${toName}`)?.[0];
  if (bracketed) expect(readsLeftToRight(await glyphCentres(leg, bracketed))).toBe(true);
  await expectDollarsReadRight(page, (await itinerary.getByText(/US\$/).last().textContent()) ?? '');
  expect(await seriousViolations(page)).toEqual([]);
  await screen(page, 'checkout-1-trip');
});

test('the Arabic passengers form shows the phone example as written and takes phone and e-mail left to right', async ({ page }) => {
  test.setTimeout(60_000);
  await openCheckout(page);
  await page.getByRole('link', { name: ar('checkout.continueToPassengers') }).click();
  await expect(page).toHaveTitle(new RegExp(`^${stepTitle(1)}`));
  // A typed "+66 81 234 5678" in a right-to-left field would show as "5678 234 81 66+".
  for (const field of [page.getByLabel(ar('checkout.phone')), page.getByLabel(ar('checkout.email'))]) {
    await expect(field).toHaveAttribute('dir', 'ltr');
    expect(await field.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  }
  await fillPassenger(page, '12');
  const example = page.getByText('+66 81 234 5678', { exact: true });
  await expect(example).toBeVisible();
  expect(readsLeftToRight(await glyphCentres(example, '+66 81 234 5678'))).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await screen(page, 'checkout-2-passengers');
});

test('the Arabic confirmation and payment steps name their step and show "US$" as written', async ({ page }) => {
  test.setTimeout(90_000);
  await openCheckout(page);
  await page.getByRole('link', { name: ar('checkout.continueToPassengers') }).click();
  await fillPassenger(page, '+66 81 234 5678');
  await expect(page).toHaveURL(/\/step\/confirmation$/);
  await expect(page).toHaveTitle(new RegExp(`^${stepTitle(2)}`));
  await expectDollarsReadRight(page, (await page.getByText(/US\$/).last().textContent()) ?? '');
  expect(await seriousViolations(page)).toEqual([]);
  await screen(page, 'checkout-3-confirmation');

  await page.getByRole('link', { name: ar('checkout.continueToPayment') }).click();
  await expect(page).toHaveTitle(new RegExp(`^${stepTitle(3)}`));
  await expectDollarsReadRight(page, (await page.getByText(/US\$/).last().textContent()) ?? '');
  expect(await seriousViolations(page)).toEqual([]);
  await screen(page, 'checkout-4-payment');
});

test('the Arabic e-ticket page reads right to left and its PDF wraps the route with a drawn arrow', async ({ page }) => {
  test.setTimeout(120_000);
  await openCheckout(page);
  await page.getByRole('link', { name: ar('checkout.continueToPassengers') }).click();
  await fillPassenger(page, '+66 81 234 5678');
  await page.getByRole('link', { name: ar('checkout.continueToPayment') }).click();
  await page.getByRole('button', { name: ar('pay.gate.card'), exact: true }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
  await page.getByLabel(ar('gateway.cardNumber')).fill('4242 4242 4242 4242');
  await page.getByLabel(ar('gateway.expiry')).fill('12/34');
  await page.getByLabel(ar('gateway.cvc')).fill('123');
  await page.getByRole('button', { name: /^ادفع/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: ar('pay.successTitle') })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: ar('pay.viewTicket') }).click();
  await expect(page).toHaveURL(/\/ar\/ticket\?b=\d+&t=/);
  await expect(page.getByRole('heading', { level: 1, name: ar('ticket.title') })).toBeVisible();

  const legs = page.getByRole('region', { name: ar('checkout.itinerary') });
  const leg = legs.getByRole('listitem').first();
  await expect(leg).toContainText('←');
  await expect(leg).not.toContainText('→');
  const [departure, arrival] = await timesOf(leg);
  expect(departure.text).not.toBe('');
  expect(comesBeforeInRtl(departure.start, arrival.start)).toBe(true);
  const reference = /[A-Z0-9]{8}/.exec((await page.getByText(ar('ticket.reference')).first().textContent()) ?? '')?.[0] ?? '';
  expect(reference).not.toBe('');
  await expectDollarsReadRight(page, (await legs.getByText(/US\$/).last().textContent()) ?? '');
  expect(await seriousViolations(page)).toEqual([]);
  await screen(page, 'ticket');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: ar('pay.downloadTicket') }).click();
  const pdf = pdfText(await readFile(await (await download).path()));
  expect(pdf).toContain(reference);
  expect(pdf).not.toContain('->');
  expect(pdf).toMatch(/Paid: \$\d+\.\d{2}/); // the site's money format (English on the PDF), not "19.77 USD"
});
