import { describe, expect, it } from 'vitest';
import { pruneConnections, type Journey } from './connections.ts';
import { minConnectionMinutes } from './journeyRules.ts';
import { testIndex } from './testNetwork.ts';
import { legsOnDay } from './timetable.ts';

describe('minConnectionMinutes', () => {
  it('depends on the station and on flights', () => {
    const bus = { kind: 'bus_terminal' as const, id: 1, vehicleClass: 'bus' as const };
    expect(minConnectionMinutes(bus, bus)).toBe(30);
    expect(minConnectionMinutes(bus, { kind: 'pier', id: 2, vehicleClass: 'ferry' })).toBe(75);
    expect(minConnectionMinutes({ kind: 'airport', id: 3, vehicleClass: 'avia' }, { kind: 'airport', id: 3, vehicleClass: 'van' })).toBe(
      90,
    );
  });
});

describe('pruneConnections', () => {
  const index = testIndex();
  const hops = index.hops.get(1)?.get(4) ?? [];
  const legs = legsOnDay(index, hops, 20_157);
  const fake = (dep: number, arr: number, usd: number, changes: number): Journey => ({
    legs: Array.from({ length: changes + 1 }, () => legs[0]).filter((l) => l !== undefined),
    dep,
    arr,
    usd,
  });

  it('drops a connection that a direct trip beats on time and price', () => {
    expect(pruneConnections([fake(100, 200, 10, 0)], [fake(90, 210, 12, 1)])).toEqual([]);
  });

  it('keeps a connection that is cheaper than everything faster', () => {
    const cheap = fake(90, 210, 5, 1);
    expect(pruneConnections([fake(100, 200, 10, 0)], [cheap])).toEqual([cheap]);
  });

  it('keeps only the cheaper of two near-identical connections', () => {
    const a = fake(100, 300, 8, 1);
    const b = fake(105, 290, 9, 1);
    expect(pruneConnections([], [a, b])).toEqual([a]);
  });
});
