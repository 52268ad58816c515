import { afterEach, describe, expect, it, vi } from 'vitest';

function heardSearches(): string[] {
  const target = new EventTarget();
  vi.stubGlobal('window', target);
  const heard: string[] = [];
  target.addEventListener('travel:analytics', (e) => {
    const { kind, data } = (e as CustomEvent<{ kind: string; data: Record<string, unknown> }>).detail;
    if (kind === 'search') heard.push(`${String(data.from)}→${String(data.to)} ${String(data.date)}`);
  });
  return heard;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const served = { from: '1', to: '2', date: '2026-12-03', people: 1, vehclasses: '', trips: 12 };

describe('the search signal of a results page', () => {
  it('counts the served search once, though the island repeats it when it hydrates', async () => {
    const heard = heardSearches();
    const { signalSearch, signalServedSearch } = await import('./searchSignal.ts');
    signalServedSearch(served);
    // The island's own search for the same query (its count may differ by a trip sold meanwhile).
    signalSearch({ ...served, trips: 11 });
    expect(heard).toEqual(['1→2 2026-12-03']);
    // A later search, even the same one again (the traveller searched anew), counts.
    signalSearch({ ...served, trips: 11 });
    signalSearch({ ...served, date: '2026-12-04' });
    expect(heard).toEqual(['1→2 2026-12-03', '1→2 2026-12-03', '1→2 2026-12-04']);
  });

  it('counts every island search on a page that served none', async () => {
    const heard = heardSearches();
    const { signalSearch } = await import('./searchSignal.ts');
    signalSearch(served);
    signalSearch(served);
    expect(heard).toHaveLength(2);
  });
});
