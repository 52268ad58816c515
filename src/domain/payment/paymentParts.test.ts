import { describe, expect, it } from 'vitest';
import { partTotalMinor, paymentParts, type PartLeg } from './paymentParts.ts';

const leg = (itemIndex: number, legIndex: number, operatorId: number, unitPriceMinor: number): PartLeg => ({
  itemIndex,
  legIndex,
  operatorId,
  unitPriceMinor,
});
const FERRY = 7;
const RAIL = 9;

describe('paymentParts', () => {
  it('is one part, the whole booking, when no operator collects its own payment', () => {
    const parts = paymentParts([leg(0, 0, 1, 500), leg(1, 0, 2, 700)], {
      people: 2,
      addonsMinor: 300,
      collectsOwnPayment: () => false,
    });
    expect(parts).toEqual([
      {
        key: 'shop',
        collectingOperatorId: null,
        legs: [
          { itemIndex: 0, legIndex: 0 },
          { itemIndex: 1, legIndex: 0 },
        ],
        fareMinor: 2400,
        addonsMinor: 300,
      },
    ]);
  });

  it('gives each collecting operator its own part, after the shop’s part which keeps the add-ons', () => {
    const collecting = new Set([FERRY, RAIL]);
    const parts = paymentParts([leg(0, 0, FERRY, 900), leg(0, 1, 1, 400), leg(1, 0, RAIL, 1200), leg(1, 1, FERRY, 900)], {
      people: 1,
      addonsMinor: 150,
      collectsOwnPayment: (id) => collecting.has(id),
    });
    expect(parts.map((p) => [p.key, p.collectingOperatorId, p.legs.length, partTotalMinor(p)])).toEqual([
      ['shop', null, 1, 550],
      ['operator:7', FERRY, 2, 1800],
      ['operator:9', RAIL, 1, 1200],
    ]);
    // Every leg is in exactly one part, and the parts add up to the whole.
    expect(parts.flatMap((p) => p.legs)).toHaveLength(4);
    expect(parts.reduce((s, p) => s + partTotalMinor(p), 0)).toBe(900 + 400 + 1200 + 900 + 150);
  });

  it('puts the add-ons on the first operator’s part when the shop collects no leg', () => {
    const parts = paymentParts([leg(0, 0, RAIL, 1000), leg(1, 0, FERRY, 800)], {
      people: 1,
      addonsMinor: 90,
      collectsOwnPayment: () => true,
    });
    expect(parts.map((p) => [p.key, p.addonsMinor])).toEqual([
      ['operator:9', 90],
      ['operator:7', 0],
    ]);
  });
});
