/** Staff sign-in for the browser tests: password, then a TOTP code (accounts from seedStaff.ts). */
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { STAFF_PASSWORD, STAFF_TOTP_SECRET } from './staff.ts';

const totp = new TOTP({ secret: Secret.fromBase32(STAFF_TOTP_SECRET), digits: 6, period: 30, algorithm: 'SHA1' });

/**
 * Signs in at /en/op and lands on the area's start page. A code is accepted once (replay
 * protection): when another test file signs in as the same account within the same 30 s step, its
 * code is spent, so this tries again with the code of the next step until one is taken.
 */
export async function signInAsStaff(page: Page, email: string): Promise<void> {
  await page.goto('/en/op');
  await expect(page).toHaveURL(/\/en\/login\?ref=%2Fen%2Fop$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible({ timeout: 20_000 });
  await expect(async () => {
    await page.getByLabel('Code from your authenticator app, or a recovery code').fill(totp.generate());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/en\/op$/, { timeout: 5_000 });
  }).toPass({ timeout: 75_000, intervals: [2_000, 10_000] });
  await expect(page.getByRole('heading', { level: 1, name: 'Operators area' })).toBeVisible();
}
