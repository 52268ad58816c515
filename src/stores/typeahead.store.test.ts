import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTypeahead, TYPEAHEAD_DEBOUNCE_MS } from './typeahead.store.ts';

function item(i: number) {
  return { id: String(i), type: 'place', slug: `p${i}`, name: `Place ${i}`, country_code: 'TH', place_name: null };
}

function fakeFetch(count = 3) {
  const calls: { url: string; signal: AbortSignal }[] = [];
  const fetcher = ((url: string, init: RequestInit) => {
    const signal = init.signal ?? new AbortController().signal;
    calls.push({ url, signal });
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => {
        reject(new DOMException('Aborted by user', 'AbortError'));
      });
      setTimeout(() => {
        resolve(Response.json({ header: null, items: Array.from({ length: count }, (_, i) => item(i)) }));
      }, 500);
    });
  }) as unknown as typeof fetch;
  return { calls, fetcher };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('typeahead (SPEC §5, §7)', () => {
  it('waits 300 ms and sends only the last query', async () => {
    vi.useFakeTimers();
    const { calls, fetcher } = fakeFetch();
    const t = createTypeahead('en', fetcher);
    t.search('ba');
    await vi.advanceTimersByTimeAsync(TYPEAHEAD_DEBOUNCE_MS - 50);
    t.search('ban');
    await vi.advanceTimersByTimeAsync(TYPEAHEAD_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(600);
    expect(calls.map((c) => c.url)).toEqual(['/api/nuxt/en/typeahead/fetch?query=ban']);
    expect(t.$suggestions.get()?.query).toBe('ban');
  });

  it('aborts the previous request and ignores the abort', async () => {
    vi.useFakeTimers();
    const { calls, fetcher } = fakeFetch();
    const t = createTypeahead('en', fetcher);
    t.search('ko');
    await vi.advanceTimersByTimeAsync(TYPEAHEAD_DEBOUNCE_MS + 1);
    t.search('koh');
    await vi.advanceTimersByTimeAsync(TYPEAHEAD_DEBOUNCE_MS + 1);
    expect(calls[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(600);
    expect(t.$suggestions.get()?.query).toBe('koh');
  });

  it('keeps at most 60 options and asks popular places for the origin', async () => {
    const { calls, fetcher } = fakeFetch(80);
    const t = createTypeahead('ar', fetcher);
    await t.popular('12');
    expect(calls[0]?.url).toBe('/api/nuxt/ar/typeahead/prefetch?fromId=12');
    expect(t.$suggestions.get()?.items).toHaveLength(60);
  });

  it('cuts the query to 20 characters', async () => {
    vi.useFakeTimers();
    const { calls, fetcher } = fakeFetch();
    const t = createTypeahead('en', fetcher);
    t.search('a'.repeat(30));
    await vi.advanceTimersByTimeAsync(TYPEAHEAD_DEBOUNCE_MS + 1);
    expect(calls[0]?.url.endsWith(`query=${'a'.repeat(20)}`)).toBe(true);
  });
});
