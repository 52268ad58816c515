/**
 * Managers edit the network in the operators area (issue 22) against the built server: a station
 * is added (a refused coordinate first marks its field and adds nothing), found by a name in
 * another locale after an edit, and its history shows who changed it; an operator's refused
 * refund share and fare are marked; every page is axe-clean and right-to-left in Arabic.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { STAFF } from '../support/staff.ts';
import { signInAsStaff } from '../support/staffSignIn.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test('a manager adds and edits a station, and is refused a bad operator refund share and fare', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInAsStaff(page, STAFF.manager);
  await page.getByRole('navigation', { name: 'Operators area sections' }).getByRole('link', { name: 'Stations', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stations' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const add = page.getByRole('form', { name: 'Add a station' });
  await add.getByLabel('Slug (address)').fill(`e2e-stop-${stamp}`);
  await add.getByLabel('Place (slug)').fill('bangkok');
  await add.getByLabel('Latitude').fill('91');
  await add.getByLabel('Longitude').fill('100.5');
  await add.getByLabel('Time zone').fill('Asia/Bangkok');
  await add.getByRole('textbox', { name: 'English' }).fill(`E2E Stop ${stamp}`);
  await add.getByRole('button', { name: 'Add the station' }).click();
  const refused = page.getByRole('form', { name: 'Add a station' });
  await expect(refused.getByRole('alert')).toBeVisible();
  await expect(refused.getByLabel('Latitude')).toHaveAttribute('aria-invalid', 'true');
  await expect(refused.getByLabel('Longitude')).not.toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await refused.getByLabel('Latitude').fill('13.75');
  await refused.getByRole('button', { name: 'Add the station' }).click();
  await expect(page.getByRole('status')).toContainText('Saved');
  const edit = page.getByRole('form', { name: `Change E2E Stop ${stamp}` });
  await edit.getByRole('textbox', { name: 'ไทย' }).fill(`ป้าย ${stamp}`);
  await edit.getByRole('button', { name: 'Save the station' }).click();
  await expect(page.getByRole('status')).toContainText('Saved');
  // OpTable's section and its scrolling region share the heading's name: the inner one holds the table.
  const history = page.getByRole('region', { name: `Changes to E2E Stop ${stamp}` }).last();
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByText(STAFF.manager).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/en/op/stations?q=${encodeURIComponent(`ป้าย ${stamp}`)}`);
  await expect(
    page
      .getByRole('region', { name: 'Stations found' })
      .last()
      .getByRole('link', { name: `E2E Stop ${stamp}` }),
  ).toBeVisible();

  await page.getByRole('navigation', { name: 'Operators area sections' }).getByRole('link', { name: 'Operators', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeVisible();
  await page.getByRole('region', { name: 'Operators', exact: true }).last().getByRole('link').first().click();
  const operator = page.getByRole('form', { name: /^Change / });
  await operator.getByLabel('Late-cancellation refund (%)').fill('101');
  await operator.getByRole('button', { name: 'Save the operator' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Late-cancellation refund (%)')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('navigation', { name: 'Operators area sections' }).getByRole('link', { name: 'Fares', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fares' })).toBeVisible();
  await page.getByRole('region', { name: 'Travel options' }).last().getByRole('link').first().click();
  // Saving what is shown changes nothing; a price with words in it is refused and marked.
  await page.getByRole('button', { name: 'Save the fare' }).click();
  await expect(page.getByRole('status')).toContainText('Nothing changed');
  await page.getByLabel('Fare for the whole route').fill('ten');
  await page.getByRole('button', { name: 'Save the fare' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Fare for the whole route')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  for (const path of ['/ar/op/stations', '/ar/op/operators', '/ar/op/fares']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
