import { describe, expect, it } from 'vitest';
import { expandLayout } from './layout.ts';
import { seatsTogether } from './together.ts';

const coach = expandLayout([{ deck: 'main', kind: 'seat', firstRow: 1, rows: 3, pattern: 'AB_CD' }]);

describe('seats together', () => {
  it('puts two passengers side by side in the first row that has room', () => {
    expect(seatsTogether(coach, new Set(), 2)).toEqual(['1A', '1B']);
    expect(seatsTogether(coach, new Set(['1A', '1D', '2B']), 2)).toEqual(['2C', '2D']);
  });

  it('crosses the aisle of one row before splitting a group over rows', () => {
    expect(seatsTogether(coach, new Set(['1A', '2A', '3A']), 3)).toEqual(['1B', '1C', '1D']);
  });

  it('keeps a group as close as it can when no row has room', () => {
    const taken = new Set(['1A', '1B', '1C', '2A', '2B', '2C', '3B', '3C', '3D']);
    expect(seatsTogether(coach, taken, 2)).toEqual(['1D', '2D']);
  });

  it('answers nothing when there are not enough free places', () => {
    const all = new Set(coach.flatMap((d) => d.rows.flatMap((r) => r.places.flatMap((p) => (p ? [p.code] : [])))));
    all.delete('3D');
    expect(seatsTogether(coach, all, 2)).toEqual([]);
    expect(seatsTogether(coach, new Set(), 0)).toEqual([]);
  });
});
