/**
 * Support cases in a real browser (issue 24, "done when"): a traveller opens a case from the help
 * page with a PNG and a PDF attached; a wrong file type, a renamed executable and an oversized file
 * are refused with their messages first. Support answers in the operators area; the traveller reads
 * the answer through the mailed link and rates it. axe on every page visited.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { STAFF } from '../support/staff.ts';
import { signInAsStaff } from '../support/staffSignIn.ts';
import { decodeQuotedPrintable, mailsTo } from '../support/tripsAndMail.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** A Windows executable's first bytes, named like a photo. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0), Buffer.from('PE\0\0'), Buffer.alloc(200, 7)]);

async function linkIn(email: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const texts = (await mailsTo(email)).map(decodeQuotedPrintable);
        found = texts.map((t) => pattern.exec(t)?.[0]).find(Boolean);
        return found;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return new URL(found ?? '').pathname + new URL(found ?? '').search;
}

test('a case with a PNG and a PDF is answered by Support and rated by the traveller', async ({ browser, page }) => {
  const email = `case-${String(Date.now())}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  await page.goto('/en/support/help');
  await page.getByRole('link', { name: 'Contact us' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Topic').selectOption({ label: 'A refund' });
  await page.getByLabel('Your message').fill('My ferry was cancelled by the operator. Please refund me.');
  await page.getByLabel('Your e-mail address').fill(email);
  const files = page.getByLabel('Attachments (optional)');
  const submit = page.getByRole('button', { name: 'Send question' });
  const alert = page.getByRole('alert').filter({ hasText: /\S/ });

  await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain words, not a picture') });
  await submit.click();
  await expect(alert).toContainText('notes.txt: Wrong file format');
  await files.setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: EXE });
  await submit.click();
  await expect(alert).toContainText('holiday.png: Wrong file format');
  await files.setInputFiles({
    name: 'scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 32)]),
  });
  await submit.click();
  await expect(alert).toContainText('scan.pdf: The file is over the size limit');

  await files.setInputFiles([
    { name: 'ticket.png', mimeType: 'image/png', buffer: PNG },
    { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  await submit.click();
  const status = page.getByRole('status').filter({ hasText: 'Your case number is' });
  await expect(status).toBeVisible({ timeout: 20_000 });
  const number = /SC-[0-9A-Z]{8}/.exec((await status.textContent()) ?? '')?.[0] ?? '';
  expect(number).not.toBe('');
  const threadPath = await linkIn(email, /http\S+\/en\/support\/case\?c=\d+&t=[\w-]+/);

  // Support answers in the operators area.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, STAFF.support);
  await staff.getByRole('link', { name: 'Support cases' }).first().click();
  await staff.getByRole('link', { name: number }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Support case ${number}` })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'ticket.png' })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'receipt.pdf' })).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  await staff.getByLabel('Your answer to the traveller').fill('We have refunded your ticket; the money arrives within 5 days.');
  await staff.getByRole('button', { name: 'Send answer' }).click();
  await expect(staff.getByRole('status')).toContainText('Your answer was sent');
  await staffContext.close();

  // The traveller reads the answer through the mailed link, sees the attachments, and rates it.
  await page.goto(threadPath);
  await expect(page.getByRole('heading', { level: 1, name: `Support case ${number}` })).toBeVisible();
  await expect(page.getByText('We have refunded your ticket; the money arrives within 5 days.')).toBeVisible();
  const image = await page.request.get((await page.getByRole('link', { name: 'ticket.png' }).getAttribute('href')) ?? '');
  expect(image.headers()['content-type']).toBe('image/png');
  expect(await seriousViolations(page)).toEqual([]);

  const ratePath = await linkIn(email, /http\S+\/en\/rate-support\/[\w-]+/);
  await page.goto(ratePath);
  await expect(page.getByRole('heading', { level: 1, name: 'How good was our answer?' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('radio', { name: '5' }).check();
  await page.getByLabel('Anything you would like to add? (optional)').fill('Quick and kind.');
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByRole('status')).toContainText('Your answer has been recorded');
  // The link is single use.
  await page.goto(ratePath);
  await expect(page.getByRole('status')).toContainText('already been answered');
});

test('the support API answers the same articles as the pages, in the reader’s language with English fallback', async ({ request }) => {
  const home = await request.get('/api/nuxt/de/support');
  expect(home.status()).toBe(200);
  const body = (await home.json()) as { categories: { key: string; title: string }[]; contact: { contact_url: string } };
  expect(body.categories.map((c) => c.key)).toContain('payment-and-refund');
  expect(body.contact.contact_url).toBe('/de/support/contact');

  const list = await request.get('/api/nuxt/ar/support/articles?category=payment-and-refund');
  const { articles } = (await list.json()) as { articles: { slug: string; lang: string; fallback: boolean; url: string }[] };
  // content/support/ar-ae/double-charge.md exists; the section's other articles fall back to English.
  expect(articles.find((a) => a.slug === 'double-charge')).toMatchObject({
    lang: 'ar-ae',
    fallback: false,
    url: '/ar/support/payment-and-refund/double-charge',
  });
  expect(articles.some((a) => a.fallback && a.lang === 'en')).toBe(true);

  const one = await request.get('/api/nuxt/ar/support/article?path=payment-and-refund/double-charge');
  expect(one.status()).toBe(200);
  const article = (await one.json()) as { title: string; html: string };
  expect(article.title).toBe('تم خصم المبلغ مرتين');
  expect(article.html.length).toBeGreaterThan(50);

  const missing = await request.get('/api/nuxt/en/support/article?slug=no-such-article');
  expect(missing.status()).toBe(404);
  expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('unknown_document');
  expect((await request.get('/api/nuxt/en/support/articles?category=nonsense')).status()).toBe(400);
});
