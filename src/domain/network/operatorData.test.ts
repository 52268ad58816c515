import { describe, expect, it } from 'vitest';
import { structuredDataProblems } from '../content/structuredData.ts';
import { testIndex } from '../search/testNetwork.ts';
import { buildNetworkPages } from './networkPages.ts';
import { operatorStructuredData, operatorTimetable } from './operatorData.ts';

describe('operatorTimetable', () => {
  const index = testIndex();
  const pages = buildNetworkPages(index);

  it('lists every route of the operator with its departure times in order', () => {
    for (const [operatorId, summary] of pages.operators) {
      const rows = operatorTimetable(summary);
      expect(rows.map((r) => r.routeId).sort()).toEqual(
        index.routes
          .filter((r) => r.operatorId === operatorId)
          .map((r) => r.id)
          .sort(),
      );
      for (const row of rows) for (const s of row.services) expect(s.times).toEqual([...s.times].sort());
    }
  });

  it('keeps only routes that touch a place when asked', () => {
    const [summary] = pages.operators.values();
    if (!summary) throw new Error('test network has operators');
    const placeId = summary.routes[0]?.toPlaceId ?? -1;
    const rows = operatorTimetable(summary, { placeId });
    expect(rows.length).toBeGreaterThan(0);
    expect(operatorTimetable(summary, { placeId: -1 })).toEqual([]);
  });
});

describe('operatorStructuredData', () => {
  const url = new URL('https://roamly.example/en/operator/x');
  const logo = new URL('https://roamly.example/logos/x.svg');
  it('rounds the aggregate rating to one decimal and includes valid reviews', () => {
    const data = operatorStructuredData({ name: 'X', url, logo, rating: 4.26, reviewCount: 120 }, [
      { authorName: 'Anna', rating: 5, title: 'Great', body: 'On time.', travelDate: '2026-01-02' },
    ]);
    expect((data.aggregateRating as { ratingValue: number }).ratingValue).toBe(4.3);
    expect(structuredDataProblems(data)).toEqual([]);
  });
  it('leaves the rating out before the first review', () => {
    expect(operatorStructuredData({ name: 'X', url, logo, rating: null, reviewCount: 0 }, []).aggregateRating).toBeUndefined();
  });
});
