import { describe, expect, it } from 'vitest';
import { classFilterSegment, includesRailPasses, parseClassFilter, tripMatchesClasses } from './vehicleClasses.ts';

describe('parseClassFilter (SPEC §2, §5)', () => {
  it('reads all, travel and an empty value as no filter', () => {
    expect(parseClassFilter('all')).toBe('all');
    expect(parseClassFilter('travel')).toBe('all');
    expect(parseClassFilter(undefined)).toBe('all');
  });

  it('maps the URL aliases flights and taxi', () => {
    expect(parseClassFilter('flights')).toEqual(['avia']);
    expect(parseClassFilter('taxi-bus')).toEqual(['bus', 'charter']);
  });

  it('rejects unknown classes', () => {
    expect(parseClassFilter('rocket')).toBeUndefined();
    expect(parseClassFilter('bus-all')).toBeUndefined();
  });

  it('round-trips through the URL segment', () => {
    expect(parseClassFilter(classFilterSegment(['avia', 'van']))).toEqual(['avia', 'van']);
  });
});

describe('tripMatchesClasses', () => {
  it('lets every trip through with no filter', () => {
    expect(tripMatchesClasses(['bus', 'ferry'], 'all')).toBe(true);
  });

  it('needs exactly the listed classes', () => {
    const busFerry = parseClassFilter('bus-ferry') ?? 'all';
    expect(tripMatchesClasses(['ferry', 'bus'], busFerry)).toBe(true);
    expect(tripMatchesClasses(['bus'], busFerry)).toBe(false);
    expect(tripMatchesClasses(['bus', 'ferry', 'van'], busFerry)).toBe(false);
  });
});

describe('includesRailPasses', () => {
  it('offers passes for all or an explicit railpass class only', () => {
    expect(includesRailPasses('all')).toBe(true);
    expect(includesRailPasses(['railpass', 'train'])).toBe(true);
    expect(includesRailPasses(['train'])).toBe(false);
  });
});
