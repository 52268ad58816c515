import { describe, expect, it } from 'vitest';
import { createPrefetchQueue, MAX_CONCURRENT_PREFETCHES, prefetchAllowed, prefetchTarget } from './prefetch.ts';

const here = { origin: 'https://site.test', pathname: '/en', search: '' };

describe('route prefetch (SPEC §9)', () => {
  it('is skipped on data-saver and on 2g', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g', saveData: false })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
  });

  it('fetches only other pages of this site', () => {
    expect(prefetchTarget('/en/about', here)).toBe('/en/about');
    expect(prefetchTarget('https://site.test/en/bus/a/b?date=2026-12-01', here)).toBe('/en/bus/a/b?date=2026-12-01');
    expect(prefetchTarget('https://other.test/en/about', here)).toBeUndefined();
    expect(prefetchTarget('/en#top', here)).toBeUndefined();
    expect(prefetchTarget('/api/nuxt/en/home', here)).toBeUndefined();
    expect(prefetchTarget('/en/ticket.pdf', here)).toBeUndefined();
  });

  it('never fetches ahead a page whose GET does something or is private', () => {
    expect(prefetchTarget('/en/add-to-cart/1-2-3', here)).toBeUndefined();
    expect(prefetchTarget('/en/profile/logout', here)).toBeUndefined();
    expect(prefetchTarget('/en/login?token=abc', here)).toBeUndefined();
    expect(prefetchTarget('/en/ticket?b=1&t=signed', here)).toBeUndefined();
    expect(prefetchTarget('/en/op/funnel', here)).toBeUndefined();
    expect(prefetchTarget('/en/operator/ferries-co', here)).toBe('/en/operator/ferries-co');
  });

  it('never runs more than 5 at once, and fetches each address once', async () => {
    const releases: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const fetched: string[] = [];
    const queue = createPrefetchQueue(
      (url) =>
        new Promise<void>((resolve) => {
          fetched.push(url);
          running += 1;
          most = Math.max(most, running);
          releases.push(() => {
            running -= 1;
            resolve();
          });
        }),
    );
    for (let i = 0; i < 12; i++) queue.add(`/en/page-${String(i)}`);
    queue.add('/en/page-0');
    expect(queue.active).toBe(MAX_CONCURRENT_PREFETCHES);
    expect(queue.queued).toBe(7);
    while (releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(most).toBe(MAX_CONCURRENT_PREFETCHES);
    expect(fetched).toHaveLength(12);
  });
});
