import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFiles } from './staticFiles.ts';

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
