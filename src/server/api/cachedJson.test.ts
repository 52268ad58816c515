import { brotliDecompressSync, zstdDecompressSync } from 'node:zlib';
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

  const bigAnswer = () => ({ trips: Array.from({ length: 200 }, (_, n) => ({ n, name: `Trip ${String(n)}` })) });
  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const safari = { 'accept-encoding': 'gzip, deflate, br' };
  const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

  it('sends an answer asked once as zstd, and one asked again as a brotli copy made once', async () => {
    let rebuilds = 0;
    const cachedJson = createCachedJson();
    const rebuild = () => {
      rebuilds++;
      return bigAnswer();
    };
    const first = cachedJson(new Request(url, { headers: browser }), 1, 30, bigAnswer);
    const second = cachedJson(new Request(url, { headers: browser }), 1, 30, rebuild);
    const third = cachedJson(new Request(url, { headers: browser }), 1, 30, rebuild);
    expect(rebuilds).toBe(0);
    expect(first.headers.get('content-encoding')).toBe('zstd');
    expect(first.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(zstdDecompressSync(await bytesOf(first)).toString('utf8'))).toEqual(bigAnswer());
    expect(second.headers.get('content-encoding')).toBe('br');
    expect(third.headers.get('content-encoding')).toBe('br');
    const secondBytes = await bytesOf(second);
    // The same bytes: the copy is kept, not made again.
    expect(await bytesOf(third)).toEqual(secondBytes);
    expect(JSON.parse(brotliDecompressSync(secondBytes).toString('utf8'))).toEqual(bigAnswer());
  });

  it('sends brotli to clients that do not take zstd, zstd to those that take nothing else, plain JSON to gzip-only ones', async () => {
    const cachedJson = createCachedJson();
    const safariFirst = cachedJson(new Request(url, { headers: safari }), 1, 30, bigAnswer);
    expect(safariFirst.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(await bytesOf(safariFirst)).toString('utf8'))).toEqual(bigAnswer());
    // Once the brotli copy exists, a browser that takes both gets it even on its first ask.
    expect(cachedJson(new Request(url, { headers: browser }), 1, 30, bigAnswer).headers.get('content-encoding')).toBe('br');

    const zstdOnly = cachedJson(new Request(url, { headers: { 'accept-encoding': 'zstd' } }), 1, 30, bigAnswer);
    expect(zstdOnly.headers.get('content-encoding')).toBe('zstd');
    expect(JSON.parse(zstdDecompressSync(await bytesOf(zstdOnly)).toString('utf8'))).toEqual(bigAnswer());

    const refusesZstd = cachedJson(new Request(`${url}&n=2`, { headers: { 'accept-encoding': 'br, zstd;q=0' } }), 1, 30, bigAnswer);
    expect(refusesZstd.headers.get('content-encoding')).toBe('br');

    const plain = cachedJson(new Request(url, { headers: { 'accept-encoding': 'gzip' } }), 1, 30, bigAnswer);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(bigAnswer());
  });

  it('leaves small answers uncompressed: they fit in one packet anyway', () => {
    const cachedJson = createCachedJson();
    const small = cachedJson(new Request(url, { headers: { 'accept-encoding': 'br' } }), 1, 30, () => ({ trips: [] }));
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
