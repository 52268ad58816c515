import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

const page = (text: string) => `<!doctype html><html><body>${text.repeat(200)}</body></html>`;

describe('precompressDir', () => {
  it('writes brotli and gzip copies of the same bytes, and only what is left on a second run', async () => {
    const root = mkdtempSync(join(tmpdir(), 'precompress-'));
    writeFileSync(join(root, 'a.html'), page('Bangkok to Chiang Mai. '));
    writeFileSync(join(root, 'b.html'), page('Hanoi to Hue. '));
    writeFileSync(join(root, 'tiny.html'), '<p>hi</p>');

    expect((await precompressDir(root)).files).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(root, 'a.html.br'))).toString()).toBe(page('Bangkok to Chiang Mai. '));
    expect(gunzipSync(readFileSync(join(root, 'a.html.gz'))).toString()).toBe(page('Bangkok to Chiang Mai. '));
    expect(readdirSync(root).filter((f) => f.endsWith('.partial'))).toEqual([]);

    // Nothing changed: nothing to do. A page written again later gets fresh copies.
    expect((await precompressDir(root)).files).toBe(0);
    writeFileSync(join(root, 'b.html'), page('Hanoi to Sapa. '));
    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, 'b.html'), later, later);
    expect((await precompressDir(root)).files).toBe(1);
    expect(brotliDecompressSync(readFileSync(join(root, 'b.html.br'))).toString()).toBe(page('Hanoi to Sapa. '));
  });
});
