import { describe, expect, it } from 'vitest';
import { createCachedJson } from './http.ts';

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
});
