import { afterEach, describe, expect, it, vi } from 'vitest';

// Node has EventTarget and CustomEvent: a window that is one is all the module needs.
function fakeWindow(): EventTarget {
  const target = new EventTarget();
  vi.stubGlobal('window', target);
  return target;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('analytics signals raised before the collector loads', () => {
  it('are handed to the collector once, in order; later ones come only as events', async () => {
    const target = fakeWindow();
    const { signalAnalytics, takeEarlySignals, ANALYTICS_SIGNAL } = await import('./analyticsSignal.ts');
    signalAnalytics('search', { from: 'bangkok', to: 'chiang-mai' });
    signalAnalytics('tab', { tab: 'train' });
    expect(takeEarlySignals().map((s) => s.kind)).toEqual(['search', 'tab']);
    const heard: string[] = [];
    target.addEventListener(ANALYTICS_SIGNAL, (e) => heard.push((e as CustomEvent<{ kind: string }>).detail.kind));
    signalAnalytics('checkout_stage', { stage: 'passengers' });
    expect(heard).toEqual(['checkout_stage']);
    expect(takeEarlySignals()).toEqual([]);
  });

  it('keep at most 50 while nobody listens (nothing leaves the page without the collector)', async () => {
    fakeWindow();
    const { signalAnalytics, takeEarlySignals } = await import('./analyticsSignal.ts');
    for (let i = 0; i < 80; i += 1) signalAnalytics('search', { n: i });
    const early = takeEarlySignals();
    expect(early).toHaveLength(50);
    expect(early[0]?.data.n).toBe(0);
  });
});
