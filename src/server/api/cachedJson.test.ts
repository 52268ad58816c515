import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCachedJson } from './cachedJson.ts';

const url = 'http://localhost/api/nuxt/en/trips/search?fromId=1&toId=2&date=2026-12-01';

describe('cachedJson', () => {
  it('computes a repeated question once while the answer may be cached, for every client', async () => {
    let builds = 0;
    const cachedJson = createCachedJson(() => Date.UTC(2026, 10, 21, 12, 0, 10));
    const build = () => ({ trips: [++builds] });
    const first = cachedJson(new Request(url), 7, 30, build);
    const second = cachedJson(new Request(url), 7, 30, build);
    expect(builds).toBe(1);
    expect(await second.json()).toEqual(await first.json());
    expect(second.headers.get('cache-control')).toBe('public, max-age=30');
    expect(second.headers.get('content-type')).toContain('application/json');
  });

  it('answers 304 without computing when the client already has this version', () => {
    let builds = 0;
    const cachedJson = createCachedJson();
    const etag = cachedJson(new Request(url), 3, 30, () => ++builds).headers.get('etag') ?? '';
    const repeat = cachedJson(new Request(url, { headers: { 'if-none-match': etag } }), 3, 30, () => ++builds);
    expect(repeat.status).toBe(304);
    expect(builds).toBe(1);
  });

  it('computes afresh for a new inventory version, another URL or a new minute', () => {
    let clock = Date.UTC(2026, 10, 21, 12, 0, 10);
    let builds = 0;
    const cachedJson = createCachedJson(() => clock);
    const build = () => ++builds;
    cachedJson(new Request(url), 1, 30, build);
    cachedJson(new Request(url), 2, 30, build);
    cachedJson(new Request(`${url}&people=3`), 2, 30, build);
    clock += 60_000;
    cachedJson(new Request(url), 2, 30, build);
    expect(builds).toBe(4);
  });

  it('keeps within its byte budget by dropping the least recently used answers', () => {
    let builds = 0;
    const cachedJson = createCachedJson(Date.now, 3_000);
    const big = () => ({ n: ++builds, pad: 'x'.repeat(1_000) });
    for (const n of [1, 2, 3, 4]) cachedJson(new Request(`${url}&n=${String(n)}`), 1, 30, big);
    cachedJson(new Request(`${url}&n=1`), 1, 30, big);
    expect(builds).toBe(5);
  });

  it('sends a brotli copy made once per cached answer to clients that take brotli, plain JSON to others', async () => {
    let rebuilds = 0;
    const cachedJson = createCachedJson();
    const build = () => ({ trips: Array.from({ length: 200 }, (_, n) => ({ n, name: `Trip ${String(n)}` })) });
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const first = cachedJson(new Request(url, { headers: browser }), 1, 30, build);
    const second = cachedJson(new Request(url, { headers: browser }), 1, 30, () => {
      rebuilds++;
      return build();
    });
    expect(rebuilds).toBe(0);
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('vary')).toMatch(/accept-encoding/i);
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    const secondBytes = new Uint8Array(await second.arrayBuffer());
    // The same bytes: the copy is kept, not made again.
    expect(secondBytes).toEqual(firstBytes);
    expect(JSON.parse(brotliDecompressSync(firstBytes).toString('utf8'))).toEqual(build());

    const plain = cachedJson(new Request(url, { headers: { 'accept-encoding': 'gzip' } }), 1, 30, build);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(build());
  });

  it('leaves small answers uncompressed: they fit in one packet anyway', () => {
    const cachedJson = createCachedJson();
    const small = cachedJson(new Request(url, { headers: { 'accept-encoding': 'br' } }), 1, 30, () => ({ trips: [] }));
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
