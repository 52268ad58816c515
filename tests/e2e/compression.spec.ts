/**
 * Compressed answers from the built server (issue 23): pre-rendered pages and hashed scripts come
 * from the build's brotli/gzip copies, rendered pages and API JSON are compressed on the fly,
 * small answers are left alone, and a client that asks for nothing gets plain bytes.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { isoIn } from '../support/browser.ts';

const BROWSER = 'gzip, deflate, br, zstd';

async function headersOf(request: APIRequestContext, path: string, acceptEncoding: string) {
  const response = await request.get(path, { headers: { 'accept-encoding': acceptEncoding }, timeout: 110_000 });
  expect(response.status(), path).toBe(200);
  return response.headers();
}

/** The islands' renderer the home page loads: a large hashed build asset. */
async function rendererScript(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/en')).text();
  const src = /renderer-url="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
  expect(src).toBeTruthy();
  return src ?? '';
}

test('pre-rendered HTML and hashed JavaScript are sent as brotli, or gzip, when asked', async ({ request }) => {
  const page = await headersOf(request, '/en', BROWSER);
  expect(page['content-encoding']).toBe('br');
  expect(page['content-type']).toContain('text/html');
  expect(page.vary).toContain('Accept-Encoding');

  const script = await rendererScript(request);
  const js = await headersOf(request, script, BROWSER);
  expect(js['content-encoding']).toBe('br');
  expect(js['content-type']).toContain('javascript');
  expect(js['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await headersOf(request, script, 'gzip'))['content-encoding']).toBe('gzip');
});

test('search JSON and on-demand pages are compressed on the fly; small answers and plain clients are not', async ({ request }) => {
  test.setTimeout(120_000);
  // A question no other test asks, so that this test's first ask is the answer's first.
  const search = `/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${isoIn(11)}&people=3`;
  // Asked once, the answer goes out as zstd (cheap to make); asked again, as its smaller brotli copy.
  const json = await headersOf(request, search, BROWSER);
  expect(json['content-type']).toContain('application/json');
  expect(json['content-encoding']).toBe('zstd');
  expect(json.vary).toMatch(/accept-encoding/i);
  expect((await headersOf(request, search, BROWSER))['content-encoding']).toBe('br');
  expect((await headersOf(request, search, 'gzip, deflate, br'))['content-encoding']).toBe('br');
  expect((await headersOf(request, search, 'gzip'))['content-encoding']).toBe('gzip');
  expect((await headersOf(request, search, 'identity'))['content-encoding']).toBeUndefined();

  // Rendered on request (the login page is not pre-rendered).
  expect((await headersOf(request, '/en/login', BROWSER))['content-encoding']).toBe('br');

  // The build id is a few dozen bytes: compressing it would cost more than it saves.
  expect((await headersOf(request, '/build.json', BROWSER))['content-encoding']).toBeUndefined();
});
