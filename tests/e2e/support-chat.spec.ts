/**
 * Live chat with Support in a real browser (issue 24 item 7): the help page shows a plain button
 * and loads no chat until it is clicked; a visitor writes, a support agent signed in to the
 * operators area finds the chat waiting, opens it and answers, and the answer appears in the
 * visitor's log without a reload. Bots get no chat; the Arabic page reads right to left. axe on
 * the pages visited.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { STAFF } from '../support/staff.ts';
import { signInAsStaff } from '../support/staffSignIn.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('a visitor chats from the help page and Support answers from the operators area', async ({ browser, page }) => {
  const email = `chat-${String(Date.now())}@example.com`;
  const chatCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/chatProxy/')) chatCalls.push(request.url());
  });

  await page.goto('/en/support/help');
  const open = page.getByRole('button', { name: 'Chat with Support' });
  await expect(open).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing of the chat runs before the click.
  expect(chatCalls).toEqual([]);
  await open.click();

  const log = page.getByRole('log', { name: 'Conversation with Support' });
  await expect(page.getByLabel('Your message')).toBeFocused();
  await page.getByLabel('Your e-mail address, so we can answer if you leave').fill(email);
  await page.getByLabel('Your message').fill('Hello! Does the night ferry to Hvar take bicycles?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(log.getByText('Hello! Does the night ferry to Hvar take bicycles?')).toBeVisible();
  await expect(page.getByText(/^Case SC-/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Support finds the chat waiting, opens it and answers.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, STAFF.support);
  await staff.goto('/en/op/chats');
  await expect(staff.getByRole('heading', { level: 1, name: 'Waiting chats' })).toBeVisible();
  const row = staff.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  await row.getByRole('link', { name: /^Answer the chat of case/ }).click();
  const staffLog = staff.getByRole('log', { name: 'Conversation with Support' });
  await expect(staffLog.getByText('Hello! Does the night ferry to Hvar take bicycles?')).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  await staff.getByLabel('Your message').fill('Yes — bicycles travel free on the night ferry.');
  await staff.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(staffLog.getByText('Yes — bicycles travel free on the night ferry.')).toBeVisible();

  // The visitor sees the answer without reloading; the chat has left the queue.
  await expect(log.getByText('Yes — bicycles travel free on the night ferry.')).toBeVisible({ timeout: 15_000 });
  await staff.goto('/en/op/chats');
  await expect(staff.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await staffContext.close();
});

test('bots get no chat', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
  const page = await context.newPage();
  await page.goto('/en/support/help');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Chat with Support' })).toBeHidden();
  await context.close();
});

test('the chat reads right to left in Arabic', async ({ page }) => {
  await page.goto('/ar/support/help');
  const open = page.getByRole('button', { name: 'تحدّث مع الدعم' });
  await expect(open).toBeVisible();
  await open.click();
  await expect(page.getByRole('log', { name: 'المحادثة مع الدعم' })).toBeVisible();
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  expect(await seriousViolations(page)).toEqual([]);
});
