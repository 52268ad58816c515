/**
 * Content, network pages and crawlers against the built site: a guide, support articles (own
 * translation and English fallback), the help centre search (Pagefind), a station and an
 * operator page in English and Arabic with no serious axe violation and valid structured data;
 * a trip page (rendered on its first visit and kept as a file, or pre-rendered with
 * PRERENDER_TRIP_PAGES=true);
 * the sitemap, robots.txt, RSS and manifest; and a link check over the built HTML.
 * Build with QUICK_BUILD_LOCALES=en,ar (or all locales) before running.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/browser.ts';
import { structuredDataProblems, structuredDataUrls } from '../../src/domain/content/structuredData.ts';

// axe and the first station call (which loads the search index) are slow on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

const outDir = join(import.meta.dirname, '..', '..', process.env.ASTRO_OUT_DIR || 'dist', 'client');

/** Every address the built sitemaps list (pre-rendered pages and the trip pages rendered on request). */
function listedPaths(): string[] {
  return readdirSync(outDir)
    .filter((name) => /^sitemap-[a-z]{2}-\d+\.xml$/.test(name))
    .flatMap((file) =>
      [...readFileSync(join(outDir, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname),
    );
}

async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

async function expectValidStructuredData(page: Page, types: string[]) {
  const data = await structuredData(page);
  expect(data.map((d) => d['@type'])).toEqual(expect.arrayContaining(types));
  for (const block of data) expect(structuredDataProblems(block)).toEqual([]);
  // Every address the data names answers itself, not with a redirect (the bare `/` redirects).
  for (const url of new Set(data.flatMap(structuredDataUrls))) {
    const response = await page.request.get(new URL(url).pathname, { maxRedirects: 0 });
    expect(response.status(), url).toBe(200);
  }
}

async function stationUrl(page: Page, lang: string): Promise<string> {
  const response = await page.request.get(`/api/nuxt/${lang}/station?slug=bangkok-mo-chit-bus-terminal`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { station: { url: string } }).station.url;
}

test.describe('travel guides', () => {
  test('a guide reads in English with its structured data and a link to tickets', async ({ page }) => {
    await page.goto('/en/travel-guides');
    await page.getByRole('link', { name: 'How to get from Bangkok to Koh Tao' }).click();
    await expect(page).toHaveURL(/\/en\/travel-guides\/bangkok-to-koh-tao$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How to get from Bangkok to Koh Tao');
    await expect(page.getByRole('heading', { name: 'Train and boat (the most comfortable)' })).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Find tickets for this trip' })).toHaveAttribute('href', '/en/travel/bangkok/koh-tao');
    await expectValidStructuredData(page, ['Article', 'BreadcrumbList']);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('in Arabic the guide has a translated title, the English text and a visible note saying so', async ({ page }) => {
    await page.goto('/ar/travel-guides/bangkok-to-koh-tao');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('كيف تصل من بانكوك إلى كو تاو');
    await expect(page.getByRole('note')).toContainText('لم تُترجم هذه الصفحة إلى لغتك بعد');
    await expect(page.locator('.prose')).toHaveAttribute('lang', 'en');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('support centre', () => {
  test('an article translated into Arabic shows without the fallback note', async ({ page }) => {
    await page.goto('/ar/support/payment-and-refund/double-charge');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تم خصم المبلغ مرتين');
    await expect(page.getByRole('heading', { name: 'خصمان فعليان' })).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an article not yet translated falls back to English with a note', async ({ page }) => {
    await page.goto('/ar/support/missed-ferry');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ماذا تفعل إذا فاتتك العبّارة');
    await expect(page.getByRole('note')).toBeVisible();
    await expect(page.getByText('Go to the operator’s ticket desk at the pier', { exact: false })).toBeVisible();
    await expectValidStructuredData(page, ['BreadcrumbList']);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the help centre search finds an article', async ({ page }) => {
    await page.goto('/en/support');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Search guides, help articles, stations and operators').fill('charged twice');
    const result = page.getByRole('search').getByRole('link', { name: 'I was charged twice' });
    await expect(result).toBeVisible({ timeout: 15_000 });
    await result.click();
    await expect(page).toHaveURL(/\/en\/support\/payment-and-refund\/double-charge$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('I was charged twice');
  });

  test('the Arabic search box searches the Arabic index', async ({ page }) => {
    await page.goto('/ar/support');
    await page.getByLabel('ابحث في الأدلة ومقالات المساعدة والمحطات والمشغلين').fill('خصم');
    await expect(page.getByRole('search').getByRole('link', { name: 'تم خصم المبلغ مرتين' })).toBeVisible({ timeout: 15_000 });
  });

  test('the FAQ page carries FAQPage structured data and the legal pages exist', async ({ page }) => {
    await page.goto('/en/faq');
    await expectValidStructuredData(page, ['FAQPage', 'BreadcrumbList']);
    for (const path of [
      '/en/support/terms',
      '/en/support/privacy-policy',
      '/en/support/cancellation-policy',
      '/en/about',
      '/en/transport-options',
    ]) {
      expect((await page.request.get(path)).status(), path).toBe(200);
    }
    const legal = await page.request.get('/api/nuxt/ar/legal/privacy-policy');
    expect(((await legal.json()) as { title: string }).title).toBe('سياسة الخصوصية');
  });
});

test.describe('stations and operators', () => {
  for (const lang of ['en', 'ar']) {
    test(`a station page in ${lang} shows departures, operators and its place`, async ({ page }) => {
      await page.goto(await stationUrl(page, lang));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mo Chit 2 Bus Terminal (Chatuchak)');
      const departures = page.getByRole('region', { name: lang === 'en' ? 'Departures' : 'المغادرات' }).getByRole('row');
      expect(await departures.count()).toBeGreaterThan(5);
      await expect(page.locator('[data-bot-excluded="map"]')).toBeVisible();
      await expectValidStructuredData(page, ['BusStation', 'BreadcrumbList']);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`an operator page in ${lang} shows its rating, timetable and reviews`, async ({ page }) => {
      await page.goto(`/${lang}/operator`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Siam Express Coach' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Siam Express Coach');
      await expect(page.getByText(lang === 'en' ? /Rated 4\.2 out of 5/ : /التقييم 4[.٫]2 من 5/).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: lang === 'en' ? 'Traveller reviews' : 'تقييمات المسافرين' })).toBeVisible();
      await expectValidStructuredData(page, ['Organization', 'BreadcrumbList']);
      const org = (await structuredData(page)).find((d) => d['@type'] === 'Organization');
      expect((org?.aggregateRating as { ratingValue: number } | undefined)?.ratingValue).toBe(4.2);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('trip pages', () => {
  test('a service in an operator timetable opens its trip page with stops, classes and a trip schema', async ({ page }) => {
    await page.goto('/en/operator/siam-express-coach');
    const service = page
      .getByRole('region', { name: 'Timetable' })
      .getByRole('link', { name: /^[A-Z]+ \d+$/ })
      .first();
    const code = (await service.textContent()) ?? '';
    await service.click();
    await expect(page).toHaveURL(/\/en\/trip-page\/[a-z-]+-\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Siam Express Coach ${code}`);
    await expect(page.getByRole('heading', { name: 'Classes and fares' })).toBeVisible();
    expect(
      await page
        .getByRole('heading', { name: /^Stops/ })
        .locator('xpath=following-sibling::ol[1]/li')
        .count(),
    ).toBeGreaterThanOrEqual(2);
    await expectValidStructuredData(page, ['BusTrip', 'BreadcrumbList']);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a trip page is rendered on its first visit and kept as a file; old slugs move, unknown ones are 404', async ({ request }) => {
    const trips = listedPaths().filter((p) => p.startsWith('/de/trip-page/') || p.startsWith('/en/trip-page/'));
    // The quick build lists English trips; German ones render on request in any build.
    const trip = /^\/en\/trip-page\/([a-z-]+-\d+)$/.exec(trips.find((p) => p.startsWith('/en/')) ?? '')?.[1] ?? '';
    expect(trip).not.toBe('');
    const kept = join(outDir, 'de', 'trip-page', trip, 'index.html');
    const german = await request.get(`/de/trip-page/${trip}`);
    expect(german.status()).toBe(200);
    const html = await german.text();
    expect(html).toMatch(/<html lang="de"[\s\S]*<h1[^>]*>[^<]+ nach [^<]+<\/h1>/);
    // The next visitor gets the same page from the file the first visit left, as a static file.
    await expect.poll(() => existsSync(kept)).toBe(true);
    // The file is the page with its script policy as a meta tag (it was a header on request).
    const file = readFileSync(kept, 'utf8');
    expect(file).toMatch(/<head><meta http-equiv="content-security-policy" content="[^"]*script-src/);
    expect(file.replace(/<meta http-equiv="content-security-policy" content="[^"]*">/, '')).toBe(html);
    const again = await request.get(`/de/trip-page/${trip}`);
    expect(again.headers()['last-modified']).toBeTruthy();
    expect(await again.text()).toBe(file);
    expect((await request.get('/en/trip-page/no-such-trip')).status()).toBe(404);
    const id = /-(\d+)$/.exec(trip)?.[1] ?? '';
    const moved = await request.get(`/en/trip-page/old-name-${id}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(`/en/trip-page/${trip}`);
    expect(existsSync(join(outDir, 'en', 'trip-page', `old-name-${id}`))).toBe(false);
  });
});

test.describe('crawlers and readers', () => {
  for (const lang of ['en', 'ar']) {
    test(`the ${lang} home page describes the site and its search, and the organisation with its logo`, async ({ page }) => {
      await page.goto(`/${lang}`);
      await expectValidStructuredData(page, ['WebSite', 'Organization']);
      const site = (await structuredData(page)).find((d) => d['@type'] === 'WebSite');
      const template = (site?.potentialAction as { target: { urlTemplate: string } }).target.urlTemplate;
      expect(new URL(template).pathname).toBe(`/${lang}/support`);
      if (lang !== 'en') return;
      // The search address searches: the help centre opens with the hits for the term.
      const target = new URL(template.replace('{search_term_string}', encodeURIComponent('charged twice')));
      await page.goto(target.pathname + target.search);
      await expect(page.getByRole('search').getByRole('link', { name: 'I was charged twice' })).toBeVisible({ timeout: 15_000 });
    });
  }

  test('the sitemap index lists per-locale sitemaps whose pages exist, with alternates', async ({ request }) => {
    const index = await (await request.get('/sitemap-index.xml')).text();
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    expect(sitemaps).toContain('/sitemap-en-1.xml');
    expect(sitemaps).toContain('/sitemap-ar-1.xml');
    let en = '';
    for (const path of sitemaps.filter((p) => /^\/sitemap-en-\d+\.xml$/.test(p))) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      en += await response.text();
    }
    const locs = [...en.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    expect(locs).toContain('/en/travel-guides/bangkok-to-koh-tao');
    expect(locs).toContain('/en/support/payment-and-refund/double-charge');
    expect(locs.some((p) => p.startsWith('/en/station/'))).toBe(true);
    expect(locs.filter((p) => p.startsWith('/en/trip-page/')).length).toBeGreaterThan(1000);
    expect(en).toMatch(/hreflang="ar-ae" href="[^"]+\/ar\/travel-guides\/bangkok-to-koh-tao"/);
    expect(en).toMatch(/hreflang="ar-ae" href="[^"]+\/ar\/trip-page\/[a-z-]+-\d+"/);
    for (const path of locs.filter((_, i) => i % 97 === 0)) expect((await request.get(path)).status(), path).toBe(200);
    expect(await (await request.get('/robots.txt')).text()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap-index\.xml$/m);
  });

  test('the RSS feed parses and links to the guides', async ({ page }) => {
    const xml = await (await page.request.get('/rss.xml')).text();
    const items = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.querySelector('parsererror')) return null;
      return [...doc.querySelectorAll('item')].map((i) => ({
        title: i.querySelector('title')?.textContent,
        link: i.querySelector('link')?.textContent,
      }));
    }, xml);
    expect(items?.length).toBeGreaterThanOrEqual(12);
    // Feed validators: the feed's own address and when it last changed.
    const channel = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const self = doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0];
      return {
        self: self?.getAttribute('href'),
        rel: self?.getAttribute('rel'),
        lastBuildDate: doc.querySelector('channel > lastBuildDate')?.textContent,
      };
    }, xml);
    expect(channel.rel).toBe('self');
    expect(new URL(channel.self ?? '').pathname).toBe('/rss.xml');
    expect(Number.isNaN(Date.parse(channel.lastBuildDate ?? ''))).toBe(false);
    expect(items?.map((i) => i.title)).toContain('How to get from Bangkok to Koh Tao');
    for (const item of items ?? []) expect((await page.request.get(new URL(item.link ?? '').pathname)).status()).toBe(200);
  });

  test('each locale has a web app manifest in its language, with app icons, and the site is installable', async ({ page, request }) => {
    interface Manifest {
      lang: string;
      dir: string;
      start_url: string;
      name: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    }
    const ar = (await (await request.get('/ar/manifest.webmanifest')).json()) as Manifest;
    const en = (await (await request.get('/en/manifest.webmanifest')).json()) as Manifest;
    expect(ar).toMatchObject({ lang: 'ar-ae', dir: 'rtl', start_url: '/ar' });
    expect(ar.name).not.toBe(en.name);
    const png = (sizes: string, purpose: string) =>
      ar.icons.find((i) => i.type === 'image/png' && i.sizes === sizes && i.purpose === purpose);
    for (const icon of [png('192x192', 'any'), png('512x512', 'any'), png('512x512', 'maskable')]) {
      expect(icon).toBeDefined();
      const response = await request.get(icon?.src ?? '');
      expect(response.headers()['content-type']).toBe('image/png');
      // The PNG header's width and height are the size the manifest promises.
      const body = await response.body();
      expect(`${String(body.readUInt32BE(16))}x${String(body.readUInt32BE(20))}`).toBe(icon?.sizes);
    }
    // Chromium's own installability check (the one behind the install prompt). A test browser's
    // context is always incognito, where Chromium never offers to install: that one reason aside,
    // nothing may be missing (manifest, icons, start URL, display mode).
    await page.goto('/en');
    const cdp = await page.context().newCDPSession(page);
    const installabilityErrors = async () =>
      ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors
        .map((e) => e.errorId)
        .filter((id) => id !== 'in-incognito');
    await expect.poll(installabilityErrors).toEqual([]);
  });

  test('every page names its language-neutral address (x-default), which opens the page in the visitor’s language', async ({
    page,
    browser,
  }) => {
    await page.goto('/en/about');
    await expect(page.locator('link[rel=alternate][hreflang=x-default]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/about$/);
    await page.goto('/en');
    await expect(page.locator('link[rel=alternate][hreflang=x-default]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/$/);
    const arabicReader = await browser.newContext({ locale: 'ar-AE', extraHTTPHeaders: { 'accept-language': 'ar-AE,ar;q=0.9' } });
    const arabicPage = await arabicReader.newPage();
    await arabicPage.goto('/about');
    await expect(arabicPage).toHaveURL(/\/ar\/about$/);
    await arabicReader.close();
    // Files and the API stay 404: only page addresses choose a language.
    expect((await page.request.get('/api/nuxt/none')).status()).toBe(404);
    expect((await page.request.get('/no-such-file.png')).status()).toBe(404);
  });
});

test.describe('links', () => {
  // Pages pre-rendered by this build; links to the search results (/{lang}/travel/…) and other
  // on-demand pages are served by the server and checked by their own suites. Trip pages render
  // on request (the sitemap lists them), so a link to one must be a listed trip.
  const pageDirs = ['travel-guides', 'support', 'station', 'operator', 'about', 'faq', 'transport-options'];

  function htmlFiles(dir: string): string[] {
    if (!existsSync(dir)) return [];
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? htmlFiles(path) : name === 'index.html' ? [path] : [];
    });
  }

  test('the sitemaps list every pre-rendered page, every trip page and the popular results pages exactly once', () => {
    const files = readdirSync(outDir).filter((name) => /^sitemap-[a-z]{2}-\d+\.xml$/.test(name));
    const index = readFileSync(join(outDir, 'sitemap-index.xml'), 'utf8');
    const indexed = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname.slice(1));
    expect(indexed.sort()).toEqual([...files].sort());
    const listed = files.flatMap((file) => {
      const xml = readFileSync(join(outDir, file), 'utf8');
      // The protocol's limits per file: 50,000 URLs, 50 MB uncompressed.
      expect(Buffer.byteLength(xml), file).toBeLessThanOrEqual(50 * 1024 * 1024);
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
      expect(locs.length, file).toBeLessThanOrEqual(50_000);
      return locs;
    });
    const segments = new Set(files.map((file) => file.slice('sitemap-'.length, 'sitemap-'.length + 2)));
    const built = [...segments].flatMap((segment) =>
      htmlFiles(join(outDir, segment)).map((f) => f.slice(outDir.length).replace(/\/index\.html$/, '')),
    );
    expect(new Set(listed).size).toBe(listed.length);
    // Trip pages are not pre-rendered (unless PRERENDER_TRIP_PAGES=true); files kept from earlier
    // visits may sit among the built ones. Every trip page is listed either way.
    const isTrip = (p: string) => /^\/[a-z]{2}\/trip-page\//.test(p);
    // Results pages all render on request (issue 23); the home page's 12 popular pairs are listed.
    const isResults = (p: string) => /^\/[a-z]{2}\/all\/[^/]+\/[^/]+$/.test(p);
    const onRequest = (p: string) => isTrip(p) || isResults(p);
    expect(listed.filter((p) => !onRequest(p)).sort()).toEqual(built.filter((p) => !onRequest(p)).sort());
    expect(built.filter(isResults)).toEqual([]);
    expect(listed.filter((p) => isResults(p) && p.startsWith('/en/'))).toHaveLength(12);
    expect(listed.filter((p) => p.startsWith('/en/trip-page/')).length).toBeGreaterThan(1000);
    // A trip page kept from a visit in a language this build lists trips for is one of them.
    const listedSet = new Set(listed);
    const tripLanguages = new Set(listed.filter(isTrip).map((p) => p.slice(1, 3)));
    expect(built.filter((p) => isTrip(p) && tripLanguages.has(p.slice(1, 3)) && !listedSet.has(p))).toEqual([]);
  });

  test('every internal link on the content, station and operator pages resolves', () => {
    const trips = new Set(listedPaths().filter((p) => /^\/[a-z]{2}\/trip-page\//.test(p)));
    const broken = new Set<string>();
    let checked = 0;
    for (const lang of ['en', 'ar']) {
      for (const section of pageDirs) {
        const dir = join(outDir, lang, section);
        for (const file of htmlFiles(dir)) {
          const html = readFileSync(file, 'utf8');
          const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
          for (const [, href] of main.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)) {
            if (!href || /^\/[a-z]{2}\/travel\//.test(href)) continue;
            checked++;
            if (trips.has(href)) continue;
            const target = join(outDir, href, 'index.html');
            try {
              statSync(target);
            } catch {
              broken.add(`${file.slice(outDir.length)} → ${href}`);
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect([...broken].slice(0, 20)).toEqual([]);
  });
});
