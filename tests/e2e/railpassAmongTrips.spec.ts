/**
 * Issue 21, "passes among trips": a search between two places a rail pass covers (Tokyo → Kyoto,
 * on the seed's Tokaido Shinkansen) shows the passes under the rail pass tab, with their count and
 * lowest price on the tab, in English and in right-to-left Arabic; the tab goes into the URL and a
 * pass card leads to the pass page. axe checks the results page on the tab.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { acceptCookies, isoIn, seriousViolations } from '../support/browser.ts';
import { createTranslator } from '../../src/i18n/translate.ts';

const translations = (code: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'src', 'i18n', 'translations', `${code}.json`), 'utf8')) as Record<
    string,
    string
  >;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const { segment, code } of [
  { segment: 'en', code: 'en' },
  { segment: 'ar', code: 'ar-ae' },
]) {
  const t = createTranslator(code, translations(code), translations('en'));

  test(`a search for a covered route shows the pass under the rail pass tab (${segment})`, async ({ page }) => {
    // A results page, a search, axe and a pass page: more than the default 30 s on a shared machine.
    test.setTimeout(300_000);
    await page.goto(`/${segment}/all/tokyo/kyoto?date=${isoIn(10)}`);
    await acceptCookies(page);
    await expect(page.locator('html')).toHaveAttribute('dir', segment === 'ar' ? 'rtl' : 'ltr');

    // The trains first (the all tab), and beside them the rail pass tab with a count and a price.
    const passTab = page.getByRole('tab', { name: new RegExp(`^${escape(t('vehclass.railpass'))}`) });
    await expect(passTab).toBeVisible({ timeout: 30_000 });
    await expect(passTab).toHaveAttribute('aria-selected', 'false');
    await expect(passTab).toContainText(/\d/);
    await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();

    await passTab.click();
    await expect(page).toHaveURL(/vehclasses_tab=railpass/);
    await expect(passTab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText(t('railpass.trips.intro'))).toBeVisible();
    const jrPass = panel.getByRole('article', { name: 'Japan Rail Pass 7 days' });
    await expect(jrPass).toBeVisible();
    await expect(jrPass).toContainText('Japan Railways Group');
    // Regional passes that do not reach Tokyo stay out.
    await expect(panel.getByRole('article', { name: /Kansai/ })).toHaveCount(0);
    const count = await panel.getByRole('article').count();
    await expect(page.getByRole('status').filter({ hasText: t('railpass.trips.found', { count }) })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The card opens the pass page.
    await jrPass.getByRole('link', { name: t('railpass.trips.view') }).click();
    await expect(page).toHaveURL(new RegExp(`/${segment}/railpass/japan/operator-jr-group/japan-rail-pass-7-days-101$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Japan Rail Pass 7 days');
  });
}
