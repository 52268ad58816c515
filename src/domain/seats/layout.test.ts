import { describe, expect, it } from 'vitest';
import { capacityOf, expandLayout, layoutDecksSchema, placesOf } from './layout.ts';
import { VEHICLE_LAYOUTS } from './vehicles.ts';

describe('vehicle layouts', () => {
  it('names places by row and letter and says where each sits', () => {
    const [deck] = expandLayout([{ deck: 'main', kind: 'seat', firstRow: 1, rows: 2, pattern: 'AB_CD' }]);
    expect(deck?.rows[0]?.places.map((p) => p && `${p.code}:${p.position}`)).toEqual([
      '1A:window',
      '1B:aisle',
      null,
      '1C:aisle',
      '1D:window',
    ]);
    const [plane] = expandLayout([{ deck: 'main', kind: 'seat', firstRow: 1, rows: 1, pattern: 'ABC_DEF' }]);
    expect(plane?.rows[0]?.places[1]?.position).toBe('middle');
  });

  it('sells only the first places of a bigger vehicle, in row order', () => {
    const decks = expandLayout([{ deck: 'main', kind: 'seat', firstRow: 1, rows: 3, pattern: 'AB_CD' }], 6);
    expect(placesOf(decks).map((p) => p.code)).toEqual(['1A', '1B', '1C', '1D', '2A', '2B']);
    expect(decks[0]?.rows[2]?.places.every((p) => p === null)).toBe(true);
  });

  it('numbers berths on two decks, the upper deck after the lower', () => {
    const sleeper = VEHICLE_LAYOUTS.find((l) => l.code === 'train-sleeper');
    if (!sleeper) throw new Error('the seed has a sleeper car');
    const decks = expandLayout(sleeper.decks, 60);
    expect(decks.map((d) => [d.deck, d.kind])).toEqual([
      ['lower', 'berth'],
      ['upper', 'berth'],
    ]);
    expect(placesOf(decks)).toHaveLength(60);
    expect(placesOf(decks).at(-1)?.code).toBe('30B');
  });

  it('every seeded vehicle parses and holds at least one place', () => {
    for (const layout of VEHICLE_LAYOUTS) {
      expect(layoutDecksSchema.safeParse(layout.decks).success).toBe(true);
      expect(capacityOf(layout.decks)).toBeGreaterThan(0);
    }
    expect(layoutDecksSchema.safeParse([{ deck: 'roof', kind: 'seat', firstRow: 1, rows: 1, pattern: 'AB' }]).success).toBe(false);
  });
});
