/**
 * The operators area's Admin tools over real HTTP against the built server (issue 22):
 * - the role × action matrix: every op page and every admin call of SPEC §7, for anonymous, user,
 *   reseller, support, manager and admin — 302 to sign-in (pages) or 401 (calls), 403, or served;
 * - an admin imports a GTFS feed in the browser after reading its dry run (axe on each step);
 * - Admin's search-engine title shows on a pre-rendered page at once, and goes when removed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { Secret, TOTP } from 'otpauth';
import { seriousViolations } from '../support/browser.ts';
import { MATRIX_STAFF, NON_STAFF, STAFF, STAFF_PASSWORD, STAFF_TOTP_SECRET } from '../support/staff.ts';
import { signInAsStaff } from '../support/staffSignIn.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

type Role = 'anonymous' | 'user' | 'reseller' | 'support' | 'manager' | 'admin';
const SUPPORT_UP: readonly Role[] = ['support', 'manager', 'admin'];
const MANAGER_UP: readonly Role[] = ['manager', 'admin'];
const ADMIN: readonly Role[] = ['admin'];

/** Who may open each op page, written out by hand (the role table must agree). */
const PAGES: Record<string, readonly Role[]> = {
  index: SUPPORT_UP,
  bookings: SUPPORT_UP,
  booking: SUPPORT_UP,
  cases: SUPPORT_UP,
  case: SUPPORT_UP,
  chats: SUPPORT_UP,
  chat: SUPPORT_UP,
  counter: MANAGER_UP,
  dashboard: MANAGER_UP,
  refunds: MANAGER_UP,
  departures: MANAGER_UP,
  funnel: MANAGER_UP,
  articles: MANAGER_UP,
  stations: MANAGER_UP,
  operators: MANAGER_UP,
  fares: MANAGER_UP,
  routes: MANAGER_UP,
  pricing: MANAGER_UP,
  users: ADMIN,
  resellers: ADMIN,
  settings: ADMIN,
  tripinfo: SUPPORT_UP,
  proxy: SUPPORT_UP,
  partners: ADMIN,
  flags: ADMIN,
  redirects: ADMIN,
  seo: ADMIN,
  gtfs: ADMIN,
  'card-bins': ADMIN,
};
/** Each admin call with a request that reaches its handler, and who may make it. */
const CALLS: { name: string; method: 'GET' | 'POST'; path: string; body?: unknown; roles: readonly Role[] }[] = [
  { name: 'tripinfo', method: 'GET', path: '/api/nuxt/en/admin/tripinfo?key=1.1.2.2030-01-01', roles: SUPPORT_UP },
  { name: 'proxy', method: 'GET', path: '/api/nuxt/en/admin/proxy?path=/api/nuxt/en/ping', roles: SUPPORT_UP },
  { name: 'warmup', method: 'POST', path: '/api/nuxt/en/admin/warmup', roles: MANAGER_UP },
  { name: 'article', method: 'GET', path: '/api/nuxt/en/admin/article', roles: MANAGER_UP },
  { name: 'article change', method: 'POST', path: '/api/nuxt/en/admin/article', body: { action: 'publish' }, roles: MANAGER_UP },
  { name: 'seo', method: 'GET', path: '/api/nuxt/en/admin/seo', roles: ADMIN },
  { name: 'seo change', method: 'POST', path: '/api/nuxt/en/admin/seo', body: { path: 'not a page' }, roles: ADMIN },
];

const totp = new TOTP({ secret: Secret.fromBase32(STAFF_TOTP_SECRET), digits: 6, period: 30, algorithm: 'SHA1' });

/** A signed-in HTTP client: password, then (staff) a TOTP code, retried on a step another sign-in spent. */
async function signedIn(baseURL: string, email: string | null): Promise<APIRequestContext> {
  const client = await request.newContext({ baseURL });
  if (!email) return client;
  const first = await client.post('/api/nuxt/en/user', { data: { email, password: STAFF_PASSWORD } });
  expect(first.status(), email).toBe(200);
  const body = (await first.json()) as { token?: string };
  if (body.token) {
    const token = body.token;
    await expect(async () => {
      const second = await client.post('/api/nuxt/en/user', { data: { token, code: totp.generate() } });
      expect(second.status()).toBe(200);
    }).toPass({ timeout: 75_000, intervals: [2_000, 10_000] });
  }
  return client;
}

test('the role × action matrix over HTTP: every op page and admin call for every role', async ({ baseURL }) => {
  // Every op page is in the table, so a new page cannot slip past this test.
  const pages = readdirSync(new URL('../../src/pages/[lang]/op/', import.meta.url)).map((f) => f.replace(/\.astro$/, ''));
  expect(pages.sort()).toEqual(Object.keys(PAGES).sort());
  const accounts: Record<Role, string | null> = { anonymous: null, ...NON_STAFF, ...MATRIX_STAFF };
  for (const role of Object.keys(accounts) as Role[]) {
    const client = await signedIn(baseURL ?? '', accounts[role]);
    for (const [page, roles] of Object.entries(PAGES)) {
      const response = await client.get(`/en/op${page === 'index' ? '' : `/${page}`}`, { maxRedirects: 0 });
      const status = response.status();
      if (role === 'anonymous') {
        expect(status, `${role} ${page}`).toBe(302);
        expect(response.headers().location, page).toMatch(/^\/en\/login\?ref=/);
      } else if (roles.includes(role)) expect([200, 404], `${role} ${page}`).toContain(status);
      else expect(status, `${role} ${page}`).toBe(403);
    }
    for (const call of CALLS) {
      const response =
        call.method === 'GET' ? await client.get(call.path) : await client.post(call.path, call.body ? { data: call.body } : {});
      const status = response.status();
      const code = ((await response.json()) as { error?: { code: string } }).error?.code;
      if (role === 'anonymous') expect([status, code], `${role} ${call.name}`).toEqual([401, 'not_signed_in']);
      else if (!call.roles.includes(role)) expect([status, code], `${role} ${call.name}`).toEqual([403, 'staff_only']);
      // Allowed: the handler answers (an unknown trip, a refused body), never the gate.
      else expect([401, 403], `${role} ${call.name}`).not.toContain(status);
    }
    await client.dispose();
  }
});

test('an admin imports a GTFS feed after its dry run, and downloads the network as one', async ({ page }) => {
  // A third-party feed (tests/fixtures/gtfs-third-party, June 2025: in the past, so no search
  // meets it) under an agency of its own per run, so every run adds its six departures (two trips, their calendar split around its exceptions).
  const folder = new URL('../fixtures/gtfs-third-party/', import.meta.url);
  const stamp = Date.now().toString(36);
  const files: Record<string, Uint8Array> = {};
  for (const name of readdirSync(folder).filter((f) => f.endsWith('.txt'))) {
    const text = readFileSync(new URL(name, folder), 'utf8');
    files[name] = strToU8(name === 'agency.txt' ? text.replace('Sunrise Coaches', `Sunrise Coaches ${stamp}`) : text);
  }
  const feed = Buffer.from(zipSync(files));

  await signInAsStaff(page, STAFF.admin);
  await page.getByRole('navigation', { name: 'Operators area sections' }).getByRole('link', { name: 'Timetables (GTFS)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Timetables (GTFS)' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const download = await page.request.get('/en/op/gtfs?download=feed');
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/zip');
  expect((await download.body()).subarray(0, 2).toString()).toBe('PK');

  await page.getByLabel('GTFS zip file').setInputFiles({ name: 'sunrise.zip', mimeType: 'application/zip', buffer: feed });
  await page.getByRole('button', { name: 'Upload and show the dry run' }).click();
  const dryRun = page.getByRole('region', { name: 'Dry run of sunrise.zip' });
  await expect(dryRun).toBeVisible({ timeout: 60_000 });
  await expect(dryRun.getByText('Departures added: 6')).toBeVisible();
  await expect(dryRun.getByText('Departures removed: 0')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Apply the import' }).click();
  await expect(page.getByRole('status')).toContainText('Imported: 6 departures added, 0 changed, 0 removed.', { timeout: 60_000 });

  // The same feed again: nothing left to add.
  await page.getByLabel('GTFS zip file').setInputFiles({ name: 'sunrise.zip', mimeType: 'application/zip', buffer: feed });
  await page.getByRole('button', { name: 'Upload and show the dry run' }).click();
  await expect(page.getByRole('region', { name: 'Dry run of sunrise.zip' }).getByText('Departures added: 0')).toBeVisible({
    timeout: 60_000,
  });
  expect(await seriousViolations(page)).toEqual([]);
  // Admin's other new pages: accessible, and right-to-left in Arabic.
  for (const path of ['/en/op/seo', '/en/op/articles', '/ar/op/gtfs']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('an SEO title and a published help article show on built pages at once, and go when removed', async ({ baseURL }) => {
  const admin = await signedIn(baseURL ?? '', MATRIX_STAFF.admin);
  const visitor = await request.newContext({ baseURL: baseURL ?? '' });
  const title = async () => /<title>([^<]*)<\/title>/.exec(await (await visitor.get('/en/about')).text())?.[1];
  const before = await title();
  const saved = await admin.post('/api/nuxt/en/admin/seo', { data: { path: '/en/about', title: 'About Roamly — tickets across Asia' } });
  expect(saved.status()).toBe(200);
  await expect.poll(title, { timeout: 10_000 }).toBe('About Roamly — tickets across Asia');
  expect((await admin.post('/api/nuxt/en/admin/seo', { data: { path: '/en/about' } })).status()).toBe(200);
  await expect.poll(title, { timeout: 10_000 }).toBe(before);

  // A help article published in Arabic without a deploy: its page and support/article show it.
  const articlePage = '/ar/support/payment-and-refund/double-charge';
  const published = await admin.post('/api/nuxt/en/admin/article', {
    data: {
      action: 'publish',
      slug: 'double-charge',
      lang: 'ar',
      title: 'هل خُصم المبلغ مرتين؟',
      summary: 'إليك ما تفعله.',
      body: 'أولًا <b>لا</b> تدفع مرة أخرى.\n\nثانيًا راسلنا.',
    },
  });
  expect(published.status()).toBe(200);
  await expect
    .poll(async () => (await visitor.get(articlePage)).text(), { timeout: 10_000 })
    .toMatch(/<h1[^>]*>هل خُصم المبلغ مرتين؟<\/h1>/);
  const html = await (await visitor.get(articlePage)).text();
  expect(html).toContain('<p>أولًا &lt;b&gt;لا&lt;/b&gt; تدفع مرة أخرى.</p><p>ثانيًا راسلنا.</p>');
  const api = (await (await visitor.get('/api/nuxt/ar/support/article?slug=double-charge')).json()) as { title: string; fallback: boolean };
  expect(api).toMatchObject({ title: 'هل خُصم المبلغ مرتين؟', fallback: false });
  const unpublished = await admin.post('/api/nuxt/en/admin/article', { data: { action: 'unpublish', slug: 'double-charge', lang: 'ar' } });
  expect(unpublished.status()).toBe(200);
  await expect.poll(async () => (await visitor.get(articlePage)).text(), { timeout: 10_000 }).not.toContain('هل خُصم المبلغ مرتين؟');
  await Promise.all([admin.dispose(), visitor.dispose()]);
});
