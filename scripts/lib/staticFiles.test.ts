import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';
import { createStaticFiles } from './staticFiles.ts';

const BIG_PAGE = `<!doctype html><main>${'<p>Bangkok to Chiang Mai by night train.</p>'.repeat(200)}</main>`;
const BIG_SCRIPT = `export const names = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `station-${String(i)}`))};`;

let root: string;
let server: Server;
let base: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'static-files-'));
  mkdirSync(join(root, 'en/about'), { recursive: true });
  mkdirSync(join(root, '_astro'));
  mkdirSync(join(root, '.well-known'));
  writeFileSync(join(root, 'en/about/index.html'), '<h1>About</h1>');
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(root, '_astro/page.abc123.js'), 'console.log(1)');
  writeFileSync(join(root, '.env'), 'SECRET=1');
  writeFileSync(join(root, '.well-known/security.txt'), 'Contact: mailto:security@example.com');
  // Large enough to be worth compressing (small files above stay as they are).
  mkdirSync(join(root, 'en/guide'), { recursive: true });
  writeFileSync(join(root, 'en/guide/index.html'), BIG_PAGE);
  writeFileSync(join(root, '_astro/island.def456.js'), BIG_SCRIPT);
  await precompressDir(root);
  const files = createStaticFiles(root);
  // Stands in for Astro: whatever the files do not answer.
  server = createServer((req, res) => {
    files(req, res, () => res.writeHead(299).end(`astro ${req.url ?? ''}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('built files in front of Astro', () => {
  it('answers a page URL with its directory index, without a redirect', async () => {
    const response = await fetch(`${base}/en/about?ref=mail`, { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toBe('<h1>About</h1>');
  });

  it('serves files with a revalidated cache, and hashed assets as immutable', async () => {
    const robots = await fetch(`${base}/robots.txt`);
    expect(await robots.text()).toBe('User-agent: *');
    expect(robots.headers.get('cache-control')).toBe('public, max-age=0');
    expect(robots.headers.get('etag')).toBeTruthy();
    const asset = await fetch(`${base}/_astro/page.abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('leaves trailing slashes, unknown paths and directories without an index to Astro', async () => {
    for (const path of ['/en/about/', '/', '/nope', '/_astro', '/en']) {
      const response = await fetch(`${base}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(299);
      expect(await response.text()).toBe(`astro ${path}`);
    }
  });

  it('hides dotfiles except under /.well-known/, and never leaves the folder', async () => {
    expect((await fetch(`${base}/.env`)).status).toBe(299);
    expect(await (await fetch(`${base}/.well-known/security.txt`)).text()).toContain('Contact:');
    expect((await fetch(`${base}/en/..%2f..%2f..%2fetc%2fpasswd`)).status).toBe(299);
  });
});

/** A GET without automatic decompression: the bytes and headers as sent. */
function rawGet(path: string, acceptEncoding?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

describe('pre-compressed copies', () => {
  it('answers a page with its brotli copy when the browser accepts br, with the page type and Vary', async () => {
    const page = await rawGet('/en/guide', 'gzip, deflate, br, zstd');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers.vary).toBe('Accept-Encoding');
    expect(page.body.length).toBeLessThan(BIG_PAGE.length / 5);
    expect(brotliDecompressSync(page.body).toString()).toBe(BIG_PAGE);
  });

  it('answers gzip-only clients with the gzip copy, and keeps hashed assets immutable', async () => {
    const script = await rawGet('/_astro/island.def456.js', 'gzip');
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(script.body).toString()).toBe(BIG_SCRIPT);
  });

  it('sends the file as it is when no encoding is accepted, still saying it varies', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const page = await rawGet('/en/guide', accept);
      expect(page.headers['content-encoding'], accept).toBeUndefined();
      expect(page.headers.vary).toBe('Accept-Encoding');
      expect(page.body.toString()).toBe(BIG_PAGE);
    }
  });

  it('sends small files as they are, and never serves a copy by its own name as a page', async () => {
    const robots = await rawGet('/robots.txt', 'br');
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.body.toString()).toBe('User-agent: *');
    const missing = await rawGet('/nope', 'br');
    expect(missing.status).toBe(299);
  });
});
