import { describe, expect, it, vi } from 'vitest';
import { ABORTED_BY_USER, isAborted, raiseAjaxFailure, sharedGet } from './ajax.ts';
import { ABORTED_BY_USER as MODAL_ABORTED_TEXT } from './feedback.store.ts';

/** A fetch whose answers the test releases by hand, counting the calls per URL. */
function manualFetch() {
  const calls: { url: string; signal: AbortSignal | undefined; release: (body: string) => void; fail: (e: unknown) => void }[] = [];
  const fetcher = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    return new Promise<Response>((resolve, reject) => {
      const signal = init?.signal ?? undefined;
      signal?.addEventListener('abort', () => {
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
      calls.push({
        url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        signal,
        release: (body) => {
          resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
        },
        fail: reject,
      });
    });
  }) as unknown as typeof fetch & { mock: { calls: unknown[] } };
  return { fetcher, calls };
}

// The in-flight table is one per page (module-wide), so each test asks for its own URL.
describe('sharedGet: identical GET requests in flight share one answer (SPEC §7)', () => {
  it('fetches once for two callers and gives each a readable copy of the answer', async () => {
    const { fetcher, calls } = manualFetch();
    const a = sharedGet('/api/nuxt/en/trips/search?x=1', {}, fetcher);
    const b = sharedGet('/api/nuxt/en/trips/search?x=1', {}, fetcher);
    expect(calls).toHaveLength(1);
    calls[0]?.release('{"trips":[1,2]}');
    const [ra, rb] = await Promise.all([a, b]);
    expect(await ra.json()).toEqual({ trips: [1, 2] });
    expect(await rb.json()).toEqual({ trips: [1, 2] });
  });

  it('fetches again once the first answer has settled', async () => {
    const { fetcher, calls } = manualFetch();
    const first = sharedGet('/u1', {}, fetcher);
    calls[0]?.release('1');
    await first;
    const second = sharedGet('/u1', {}, fetcher);
    expect(calls).toHaveLength(2);
    calls[1]?.release('2');
    expect(await (await second).text()).toBe('2');
  });

  it('does not share between different URLs', () => {
    const { calls, fetcher } = manualFetch();
    void sharedGet('/a', {}, fetcher);
    void sharedGet('/b', {}, fetcher);
    expect(calls.map((c) => c.url)).toEqual(['/a', '/b']);
  });

  it('lets one caller abort without taking the answer from the other', async () => {
    const { fetcher, calls } = manualFetch();
    const mine = new AbortController();
    const a = sharedGet('/u3', { signal: mine.signal }, fetcher);
    const b = sharedGet('/u3', {}, fetcher);
    mine.abort();
    await expect(a).rejects.toThrow(ABORTED_BY_USER);
    expect(calls[0]?.signal?.aborted).toBe(false);
    calls[0]?.release('still here');
    expect(await (await b).text()).toBe('still here');
  });

  it('aborts the fetch when every caller has aborted, and a new call fetches afresh', async () => {
    const { fetcher, calls } = manualFetch();
    const one = new AbortController();
    const two = new AbortController();
    const a = sharedGet('/u4', { signal: one.signal }, fetcher);
    const b = sharedGet('/u4', { signal: two.signal }, fetcher);
    one.abort();
    two.abort();
    await expect(a).rejects.toSatisfy(isAborted);
    await expect(b).rejects.toSatisfy(isAborted);
    expect(calls[0]?.signal?.aborted).toBe(true);
    void sharedGet('/u4', {}, fetcher);
    expect(calls).toHaveLength(2);
  });

  it('rejects an already aborted signal without fetching', async () => {
    const { fetcher, calls } = manualFetch();
    await expect(sharedGet('/u5', { signal: AbortSignal.abort() }, fetcher)).rejects.toThrow(ABORTED_BY_USER);
    expect(calls).toHaveLength(0);
  });

  it('shares a network failure with every caller, then tries again on the next call', async () => {
    const { fetcher, calls } = manualFetch();
    const a = sharedGet('/u6', {}, fetcher);
    const b = sharedGet('/u6', {}, fetcher);
    calls[0]?.fail(new TypeError('Failed to fetch'));
    await expect(a).rejects.toThrow('Failed to fetch');
    await expect(b).rejects.toThrow('Failed to fetch');
    void sharedGet('/u6', {}, fetcher);
    expect(calls).toHaveLength(2);
  });
});

describe('raiseAjaxFailure (SPEC §8)', () => {
  it('uses the message the error modal translates', () => {
    expect(ABORTED_BY_USER).toBe(MODAL_ABORTED_TEXT);
  });

  const raised = (error: unknown) => {
    const events: Event[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('window', { dispatchEvent: (e: Event) => events.push(e) > 0 });
    try {
      raiseAjaxFailure(error);
    } finally {
      vi.unstubAllGlobals();
      spy.mockRestore();
    }
    return events.map((e) => [e.type, (e as CustomEvent).detail] as const);
  };

  it('opens the error modal with the default text for a generic failure', () => {
    expect(raised(new TypeError('Failed to fetch'))).toEqual([['showError', null]]);
  });

  it('says "Aborted by user" for an aborted request', () => {
    expect(raised(new DOMException('The operation was aborted.', 'AbortError'))).toEqual([['showError', { message: ABORTED_BY_USER }]]);
  });
});
