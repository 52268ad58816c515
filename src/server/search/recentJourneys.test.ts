import { describe, expect, it } from 'vitest';
import { findJourneys } from '../../domain/search/search.ts';
import { testIndex } from '../../domain/search/testNetwork.ts';
import { recentJourneys } from './recentJourneys.ts';

// Bangkok → Koh Tao on a Monday: the night bus and the morning ferry (testNetwork.ts).
const query = { from: { kind: 'place', id: 1 }, to: { kind: 'place', id: 3 }, date: '2025-03-10', classes: 'all' } as const;

describe('recentJourneys', () => {
  it("answers a search's recheck with the journeys the search found, without searching again", () => {
    const index = testIndex();
    const first = recentJourneys(index, query);
    expect(first.length).toBeGreaterThan(0);
    expect(first).toEqual(findJourneys(index, query));
    // The same list, not a list found again.
    expect(recentJourneys(index, { ...query, from: { kind: 'place', id: 1 } })).toBe(first);
  });

  it('searches again for another question or another index', () => {
    const index = testIndex();
    const all = recentJourneys(index, query);
    for (const other of [
      { ...query, date: '2025-03-11' },
      { ...query, classes: ['bus'] as const },
      { ...query, departAfter: Date.UTC(2025, 2, 10, 12) / 60_000 },
      { ...query, to: { kind: 'station', id: 30 } as const },
    ]) {
      const answer = recentJourneys(index, other);
      expect(answer).not.toBe(all);
      expect(answer).toEqual(findJourneys(index, other));
    }
    // A rebuilt index (a reseed, a timetable change) starts with nothing kept.
    const rebuilt = testIndex();
    expect(recentJourneys(rebuilt, query)).not.toBe(all);
  });
});
