import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepRenderedPage, renderedPageFile } from './renderedPages.ts';

const root = mkdtempSync(join(tmpdir(), 'rendered-pages-'));
afterEach(() => {
  for (const name of readdirSync(root)) rmSync(join(root, name), { recursive: true });
});

describe('rendered pages kept as files', () => {
  it('puts a page where the static file server looks for it', async () => {
    await keepRenderedPage(root, '/en/trip-page/bangkok-chiang-mai-12', '<!doctype html><p>trip</p>');
    expect(readFileSync(join(root, 'en/trip-page/bangkok-chiang-mai-12/index.html'), 'utf8')).toBe('<!doctype html><p>trip</p>');
    // No partial file is left behind.
    expect(readdirSync(join(root, 'en/trip-page/bangkok-chiang-mai-12'))).toEqual(['index.html']);
  });

  it.each(['/en/../../etc/passwd', '/en/%2e%2e/x', '//evil', '/en/trip page', '/', '/_astro/x.js', '/EN/x'])(
    'never writes for %j',
    (path) => {
      expect(renderedPageFile(root, path)).toBeNull();
    },
  );
});
