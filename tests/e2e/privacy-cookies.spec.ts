/**
 * The privacy policy lists every cookie with its purpose and lifetime (SPEC §3, §9), from the
 * table the code sets them with (src/domain/cookieTable.ts); in Arabic it reads right to left.
 */
import { expect, test } from '@playwright/test';
import { acceptCookies, seriousViolations } from '../support/browser.ts';

test('the privacy policy lists the cookies with purpose and lifetime', async ({ page }) => {
  await page.goto('/en/support/privacy-policy');
  await acceptCookies(page);
  const table = page.getByRole('table');
  await expect(page.getByRole('heading', { name: 'Cookies we use' })).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Cookie', 'Purpose', 'Kept for', 'Kind']);
  const currency = table.getByRole('row', { name: /^currency / });
  await expect(currency).toContainText('Remembers the currency you chose for prices.');
  await expect(currency).toContainText('1 year');
  await expect(currency).toContainText('Preferences');
  await expect(table.getByRole('row', { name: /^checkout_hash / })).toContainText('1 day');
  await expect(table.getByRole('row', { name: /^is_admin / })).toContainText('1 year');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Arabic privacy policy shows the cookie list right to left', async ({ page }) => {
  await page.goto('/ar/support/privacy-policy');
  await acceptCookies(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader').first()).toHaveText('ملف تعريف الارتباط');
  const row = table.getByRole('row', { name: /currency/ });
  await expect(row).toContainText('يتذكر العملة التي اخترتها لعرض الأسعار.');
  // The first column sits on the right in a right-to-left table.
  const [nameBox, purposeBox] = await Promise.all([row.getByRole('rowheader').boundingBox(), row.getByRole('cell').first().boundingBox()]);
  expect((nameBox?.x ?? 0) > (purposeBox?.x ?? 0)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});
