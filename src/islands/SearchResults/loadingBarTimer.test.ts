import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBarTimer, type BarPhase } from './loadingBarTimer.ts';

describe('loading bar timing (SPEC §9)', () => {
  let phases: BarPhase[];
  beforeEach(() => {
    vi.useFakeTimers();
    phases = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never appears for a load shorter than the 200 ms throttle', () => {
    const bar = createLoadingBarTimer((p) => phases.push(p));
    bar.start();
    vi.advanceTimersByTime(199);
    bar.finish();
    vi.advanceTimersByTime(2000);
    expect(phases).toEqual([]);
  });

  it('shows after 200 ms, stays 500 ms after the end, then fades and resets 400 ms later', () => {
    const bar = createLoadingBarTimer((p) => phases.push(p));
    bar.start();
    vi.advanceTimersByTime(200);
    expect(phases).toEqual(['running']);
    bar.finish();
    expect(phases.at(-1)).toBe('done');
    vi.advanceTimersByTime(499);
    expect(phases.at(-1)).toBe('done');
    vi.advanceTimersByTime(1);
    expect(phases.at(-1)).toBe('fading');
    vi.advanceTimersByTime(399);
    expect(phases.at(-1)).toBe('fading');
    vi.advanceTimersByTime(1);
    expect(phases).toEqual(['running', 'done', 'fading', 'hidden']);
  });

  it('a new load while the bar is still fading takes it over at once, without a reset', () => {
    const bar = createLoadingBarTimer((p) => phases.push(p));
    bar.start();
    vi.advanceTimersByTime(200);
    bar.finish();
    vi.advanceTimersByTime(600);
    bar.start();
    vi.advanceTimersByTime(1000);
    expect(phases).toEqual(['running', 'done', 'fading', 'running']);
  });
});
