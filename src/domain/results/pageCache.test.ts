import { describe, expect, it } from 'vitest';
import { hasKeptPage, keepPage, PAGE_CACHE_KEY, RECHECK_WINDOW_MS, takePage, type CachedPage } from './pageCache.ts';

function memoryStorage(quota = Infinity) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (value.length > quota) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => {
      items.delete(key);
    },
  };
}

const url = '/en/all/bangkok/chiang-mai?date=2026-12-01&sort=fastest';
const page = (over: Partial<CachedPage<{ trips: string[] }>> = {}): CachedPage<{ trips: string[] }> => ({
  url,
  savedAt: 1_000_000,
  scrollY: 840,
  data: { trips: ['a', 'b'] },
  ...over,
});

describe('results page cache (SPEC §2, §9)', () => {
  it('gives back the page left at the same address, with its scroll position and data', () => {
    const storage = memoryStorage();
    keepPage(storage, page());
    expect(takePage(storage, url, 1_000_000 + 60_000)).toEqual(page());
  });

  it('holds one page: a newer results page replaces the older one', () => {
    const storage = memoryStorage();
    keepPage(storage, page());
    keepPage(storage, page({ url: '/en/all/bangkok/pai?date=2026-12-01' }));
    expect(storage.items.size).toBe(1);
    expect(takePage(storage, url, 1_000_000)).toBeUndefined();
    expect(takePage(storage, '/en/all/bangkok/pai?date=2026-12-01', 1_000_000)?.data).toEqual({ trips: ['a', 'b'] });
  });

  it('does not restore a page older than the recheck window: the traveller gets a new search', () => {
    const storage = memoryStorage();
    keepPage(storage, page());
    expect(takePage(storage, url, 1_000_000 + RECHECK_WINDOW_MS)).toBeUndefined();
    expect(storage.items.has(PAGE_CACHE_KEY)).toBe(false);
  });

  it('restores a page once', () => {
    const storage = memoryStorage();
    keepPage(storage, page());
    expect(takePage(storage, url, 1_000_001)).toBeDefined();
    expect(takePage(storage, url, 1_000_002)).toBeUndefined();
  });

  it('keeps the page for its own address only (other filters are another page)', () => {
    const storage = memoryStorage();
    keepPage(storage, page());
    expect(takePage(storage, url.replace('fastest', 'cheapest'), 1_000_001)).toBeUndefined();
    expect(takePage(storage, url, 1_000_001)).toBeDefined();
  });

  it('keeps nothing when the storage is full, and ignores what it cannot read', () => {
    const full = memoryStorage(10);
    keepPage(full, page());
    expect(takePage(full, url, 1_000_001)).toBeUndefined();
    const broken = memoryStorage();
    broken.items.set(PAGE_CACHE_KEY, '{not json');
    expect(takePage(broken, url, 1_000_001)).toBeUndefined();
  });

  it('ignores a page saved in the future (a clock that moved back)', () => {
    const storage = memoryStorage();
    keepPage(storage, page({ savedAt: 2_000_000 }));
    expect(takePage(storage, url, 1_000_000)).toBeUndefined();
  });

  it('tells whether a fresh page is kept for an address without taking it', () => {
    const storage = memoryStorage();
    keepPage(storage, page());
    expect(hasKeptPage(storage, url, 1_000_001)).toBe(true);
    expect(hasKeptPage(storage, url, 1_000_001)).toBe(true);
    expect(hasKeptPage(storage, url.replace('fastest', 'cheapest'), 1_000_001)).toBe(false);
    expect(hasKeptPage(storage, url, 1_000_000 + RECHECK_WINDOW_MS)).toBe(false);
    expect(takePage(storage, url, 1_000_001)).toBeDefined();
    expect(hasKeptPage(storage, url, 1_000_001)).toBe(false);
  });
});
