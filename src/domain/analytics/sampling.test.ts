import { describe, expect, it } from 'vitest';
import { REPLAY_RATE, SESSION_RATE, samplingFor } from './sampling.ts';

const ids = Array.from({ length: 20_000 }, (_, i) => `session-${String(i).padStart(6, '0')}-${(i * 7919).toString(36)}`);

describe('monitoring sampling (SPEC §9)', () => {
  it('replays about 3 % and monitors about 10 % of sessions', () => {
    const replayed = ids.filter((id) => samplingFor(id, 'home').replay).length / ids.length;
    const monitored = ids.filter((id) => samplingFor(id, 'home').monitor).length / ids.length;
    expect(replayed).toBeGreaterThan(REPLAY_RATE - 0.006);
    expect(replayed).toBeLessThan(REPLAY_RATE + 0.006);
    expect(monitored).toBeGreaterThan(SESSION_RATE - 0.01);
    expect(monitored).toBeLessThan(SESSION_RATE + 0.01);
  });

  it('takes every session on the chosen routes', () => {
    expect(ids.every((id) => samplingFor(id, 'pay').replay && samplingFor(id, 'payment-status').monitor)).toBe(true);
  });

  it("takes every session on a partner's recorded routes, and only on those", () => {
    expect(ids.every((id) => samplingFor(id, 'search-results', ['search-results', 'home']).replay)).toBe(true);
    const elsewhere = ids.filter((id) => samplingFor(id, 'support', ['search-results']).replay).length / ids.length;
    expect(elsewhere).toBeLessThan(REPLAY_RATE + 0.006);
  });

  it('decides the same way on every page of a session', () => {
    for (const id of ids.slice(0, 100)) expect(samplingFor(id, 'home')).toEqual(samplingFor(id, 'other'));
  });
});
