import { describe, expect, it } from 'vitest';
import {
  counterMax,
  decodePassengers,
  encodePassengers,
  normalizePassengers,
  passengersFromUrl,
  setCounter,
  totalPeople,
} from './passengers.ts';

describe('passenger counts (SPEC §5)', () => {
  it('keeps at least one adult and no negative children or infants', () => {
    const p = { adults: 1, children: 0, infants: 0 };
    expect(setCounter(p, 'adults', 0).adults).toBe(1);
    expect(setCounter(p, 'children', -1).children).toBe(0);
    expect(setCounter(p, 'infants', -3).infants).toBe(0);
  });
  it('caps each counter at 20 minus the other two', () => {
    const p = { adults: 10, children: 5, infants: 0 };
    expect(counterMax(p, 'infants')).toBe(5);
    expect(counterMax(p, 'adults')).toBe(15);
    expect(setCounter(p, 'infants', 9).infants).toBe(5);
    expect(totalPeople(setCounter(p, 'adults', 30))).toBe(20);
  });
  it('repairs stored values a visitor may have edited', () => {
    expect(normalizePassengers({ adults: 25, children: 4 })).toEqual({ adults: 20, children: 0, infants: 0 });
    expect(decodePassengers('x')).toEqual({ adults: 2, children: 0, infants: 0 });
    expect(decodePassengers(encodePassengers({ adults: 3, children: 1, infants: 1 }))).toEqual({ adults: 3, children: 1, infants: 1 });
  });
  it('lets people in the URL override adults only when it differs from the total', () => {
    const stored = { adults: 2, children: 1, infants: 0 };
    expect(passengersFromUrl(stored, 3)).toBe(stored);
    expect(passengersFromUrl(stored, 5)).toEqual({ adults: 5, children: 0, infants: 0 });
    expect(passengersFromUrl(stored, 21)).toBe(stored);
    expect(passengersFromUrl(stored, undefined)).toBe(stored);
  });
});
