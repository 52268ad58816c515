/**
 * Issue 21: a rail pass end to end in a real browser, in English and in right-to-left Arabic:
 * the rail pass main page and its typeahead (popular passes, a search, arrow keys, Escape, Enter), a destination, its filterBy alias, filters and sort (a plain form:
 * the answer is the one URL of the selection), the pass page (gallery and its photo viewer, fares, JSON-LD,
 * the back button to the destination), Buy for two travellers, the checkout, the sandbox card payment and the voucher PDF with a QR code per traveller.
 * axe checks every rail pass page.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { acceptCookies, seriousViolations } from '../support/browser.ts';
import { pdfText } from '../support/pdfText.ts';
import { createTranslator } from '../../src/i18n/translate.ts';

const translations = (code: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'src', 'i18n', 'translations', `${code}.json`), 'utf8')) as Record<
    string,
    string
  >;

for (const { segment, code } of [
  { segment: 'en', code: 'en' },
  { segment: 'ar', code: 'ar-ae' },
]) {
  const tr = createTranslator(code, translations(code), translations('en'));
  // The server's own translator: in Arabic it isolates Latin values just as the pages do.
  const t = tr;
  const japan = new Intl.DisplayNames([code], { type: 'region' }).of('JP') ?? 'Japan';

  test(`buys a rail pass from the rail pass pages and downloads its voucher (${segment})`, async ({ page }) => {
    // Six pages under axe, a checkout and a payment round trip: more than the default 30 s on a shared machine.
    test.setTimeout(180_000);
    await page.goto(`/${segment}/railpass`);
    await acceptCookies(page);
    await expect(page.getByRole('heading', { level: 1, name: t('railpass.main.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', segment === 'ar' ? 'rtl' : 'ltr');
    expect(await seriousViolations(page)).toEqual([]);

    // The rail pass typeahead: an empty box offers the popular passes; typing finds destinations
    // and passes; the arrow keys choose (focus stays in the box), Escape closes, Enter opens.
    const box = page.getByRole('combobox', { name: t('railpass.find.label') });
    await box.focus();
    const options = page.getByRole('listbox').getByRole('option');
    // The first call of a fresh server loads the search index: more than 5 s on a shared machine.
    await expect(options.first()).toBeVisible({ timeout: 30_000 });
    await expect(options.filter({ hasText: 'Japan Rail Pass 7 days' })).toHaveCount(1);
    await box.fill('Swiss');
    await expect(options.filter({ hasText: 'Swiss Travel Pass' }).first()).toBeVisible();
    await expect(options.filter({ hasText: 'Japan Rail Pass' })).toHaveCount(0);
    // Escape closes the list and keeps the words; the list stays closed (no late answer reopens it).
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('Swiss');
    await page.waitForTimeout(600);
    await expect(page.getByRole('listbox')).toBeHidden();
    // Nothing matches: the empty message followed by the typed query, shown and announced (SPEC §9).
    await box.fill('Qwxz');
    await expect(page.getByText(new RegExp(`${t('railpass.typeahead.empty')}.*«Qwxz»`)).first()).toBeVisible();
    await box.fill(japan);
    const destination = options.filter({ hasText: t('railpass.typeahead.destination') }).first();
    await expect(destination).toContainText(japan);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', (await destination.getAttribute('id')) ?? 'none');
    await expect(destination).toHaveAttribute('aria-selected', 'true');
    await expect(box).toBeFocused();

    // The destination, then its issuer alias.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${segment}/railpass/japan$`));
    await expect(page.getByRole('heading', { level: 1, name: t('railpass.results.title', { destination: japan }) })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('navigation', { name: t('railpass.results.byIssuer') })
      .getByRole('link', { name: 'JR West' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${segment}/railpass/japan/operator-jr-west$`));
    const issuers = page.getByRole('group', { name: t('railpass.filters.operators') });
    await expect(issuers.getByRole('checkbox', { name: /JR West/ })).toBeChecked();
    await expect(issuers.getByRole('checkbox', { name: /Japan Railways Group/ })).not.toBeChecked();

    // One day, cheapest first: the form's answer is the canonical URL with comma-separated lists.
    await page
      .getByRole('group', { name: t('railpass.filters.validity') })
      .getByRole('checkbox', { name: new RegExp(`^${t('railpass.travelDays', { count: 1 })}`) })
      .check();
    await issuers.getByRole('checkbox', { name: /JR Hokkaido/ }).check();
    await page.getByLabel(t('railpass.sort.label')).selectOption('cheapest');
    await page.getByRole('button', { name: t('railpass.filters.apply') }).click();
    await expect(page).toHaveURL(
      new RegExp(`/${segment}/railpass/japan/operator-jr-west\\?operators=jr-west,jr-hokkaido&validity=1&sort=cheapest$`),
    );
    const results = page.getByRole('region', { name: t('railpass.results.listTitle') }).getByRole('article');
    await expect(results).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    await results.getByRole('link', { name: /Kansai Area Pass 1 day|関西エリアパス/ }).click();
    await expect(page).toHaveURL(new RegExp(`/${segment}/railpass/japan/operator-jr-west/kansai-area-pass-1-day-111$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Kansai Area Pass 1 day');
    // The photo gallery: each photo with its alt text and caption.
    await expect(page.getByRole('region', { name: t('railpass.info.photos') }).getByRole('img')).toHaveCount(1);
    // Captions and alt texts are the catalogue's, in the page's language.
    const caption = segment === 'ar' ? 'كيوتو، على خط JR من أوساكا' : 'Kyoto, on the JR line from Osaka';
    await expect(page.getByRole('region', { name: t('railpass.info.photos') }).locator('figcaption')).toHaveText(caption);
    // Structured data: a Product with its offers, the rating to one decimal.
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent()) ?? '{}') as {
      '@type': string;
      offers: { priceCurrency: string; lowPrice: number };
      aggregateRating?: { ratingValue: number };
    };
    expect(jsonLd['@type']).toBe('Product');
    expect(jsonLd.offers).toMatchObject({ priceCurrency: 'JPY', lowPrice: 1400 });
    const rating = jsonLd.aggregateRating?.ratingValue ?? 0;
    expect(Math.round(rating * 10) / 10).toBe(rating);
    // The photo viewer: opened from the photo, keyboard usable, closed with Escape.
    const enlarge = page.getByRole('button', { name: t('railpass.viewer.open', { n: 1, count: 1 }) });
    await enlarge.click();
    const viewer = page.getByRole('dialog', { name: t('railpass.viewer.label') });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('img', { name: /pagoda|باغودا/ })).toBeVisible();
    await expect(viewer).toContainText(caption);
    await expect(viewer.getByText(t('railpass.viewer.position', { n: 1, count: 1 }))).toBeVisible();
    await expect(viewer.getByRole('button', { name: t('railpass.viewer.close') })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(enlarge).toBeFocused();

    // The header's back button leads to the destination's passes (SPEC §2).
    await expect(page.getByRole('link', { name: t('header.back') })).toHaveAttribute('href', `/${segment}/railpass/japan`);
    expect(await seriousViolations(page)).toEqual([]);

    // Buy for an adult and a child in one purchase: a start date in the window, each one's passenger
    // kind, birth date and country of residence (the child is 8 on the start date: JR's child fare is 6 to 11).
    const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const childBorn = `${String(Number(start.slice(0, 4)) - 9)}-12-31`;
    const buy = page.getByRole('region', { name: t('railpass.buy.title') });
    await buy.getByLabel(t('railpass.buy.startDate')).fill(start);
    const travellers = [
      { name: 'Anna Berg', born: '1990-04-12', residence: 'TH', kind: 'adult' },
      { name: 'Minh Tran', born: childBorn, residence: 'VN', kind: 'child' },
    ];
    for (const [i, p] of travellers.entries()) {
      const block = buy.getByRole('group', { name: t('railpass.buy.travellerN', { n: i + 1 }) });
      await block.getByLabel(t('railpass.buy.kind')).selectOption(p.kind);
      await block.getByLabel(t('railpass.buy.fullName')).fill(p.name);
      await block.getByLabel(t('railpass.buy.birthDate')).fill(p.born);
      await block.getByLabel(t('railpass.buy.residence')).selectOption(p.residence);
    }
    await buy.getByRole('button', { name: t('railpass.buy.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`/${segment}/checkout/[\\w-]+$`));

    await page.getByRole('link', { name: t('checkout.continueToPassengers') }).click();
    // The checkout asks what the pass rests on: the traveller's name and birth date.
    for (const [i, p] of travellers.entries()) {
      const passenger = page.getByRole('group', { name: t('checkout.passengerN', { n: i + 1 }) });
      await passenger.getByLabel(t('checkout.field.full_name')).fill(p.name);
      await passenger.getByLabel(t('checkout.field.birth_date')).fill(p.born);
    }
    await page.getByLabel(t('checkout.email')).fill('anna.berg@example.com');
    await page.getByLabel(t('checkout.phone')).fill('+66 81 234 5678');
    await page.getByRole('button', { name: t('checkout.continueToConfirmation') }).click();
    await expect(page).toHaveURL(/\/step\/confirmation$/);
    await page.getByRole('link', { name: t('checkout.continueToPayment') }).click();
    await page.getByRole('button', { name: t('pay.gate.card'), exact: true }).click();
    await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//, { timeout: 15_000 });
    await page.getByLabel(/Card number|رقم البطاقة/).fill('4242 4242 4242 4242');
    await page.getByLabel(/Expiry|انتهاء/).fill('12/34');
    await page.getByLabel(/CVC/).fill('123');
    await page.getByRole('button', { name: /^(Pay|ادفع) / }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('pay.successTitle') })).toBeVisible({ timeout: 20_000 });

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: t('pay.downloadTicket') }).click();
    const pdf = pdfText(await readFile(await (await download).path()));
    expect(pdf).toContain('Kansai Area Pass 1 day');
    expect(pdf).toContain(`Valid from: ${start}`);
    expect(pdf).toContain('Anna Berg, born 1990-04-12, resident of TH · Adult');
    expect(pdf).toContain(`Minh Tran, born ${childBorn}, resident of VN · Child`);
    expect(pdf).toContain('exchange voucher');
    // One voucher, with its own QR code, per traveller (the PDF is printed in English).
    expect(pdf).toContain('Pass voucher 1 of 2');
    expect(pdf).toContain('Pass voucher 2 of 2');
    expect(pdf).toMatch(/Voucher code: [A-Z0-9-]+-1-2/);
  });
}
