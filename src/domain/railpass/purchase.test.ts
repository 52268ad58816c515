import { describe, expect, it } from 'vitest';
import {
  activationWindow,
  ageOn,
  kindFitsAge,
  kindForAge,
  lastValidDay,
  refundDeadline,
  residenceAllowed,
  startDateProblem,
} from './purchase.ts';
import type { PassengerKindRule } from './types.ts';

const NOW = Date.parse('2026-03-10T15:00:00Z');
const kinds: PassengerKindRule[] = [
  { key: 'child', minAge: 6, maxAge: 11 },
  { key: 'adult', minAge: 12, maxAge: null },
];

describe('buying a pass', () => {
  it('starts from tomorrow to the end of the activation window', () => {
    expect(activationWindow({ activationWindowDays: 90 }, NOW)).toEqual({ first: '2026-03-11', last: '2026-06-08' });
    expect(startDateProblem({ activationWindowDays: 90 }, '2026-03-10', NOW)).toBe('start_too_early');
    expect(startDateProblem({ activationWindowDays: 90 }, '2026-03-11', NOW)).toBeUndefined();
    expect(startDateProblem({ activationWindowDays: 90 }, '2026-06-08', NOW)).toBeUndefined();
    expect(startDateProblem({ activationWindowDays: 90 }, '2026-06-09', NOW)).toBe('start_too_late');
  });
  it('counts age in completed years on the start date', () => {
    expect(ageOn('2014-03-11', '2026-03-11')).toBe(12);
    expect(ageOn('2014-03-12', '2026-03-11')).toBe(11);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
  });
  it('checks the passenger kind against the age rules', () => {
    expect(kindFitsAge({ passengerKinds: kinds }, 'child', 11)).toBe(true);
    expect(kindFitsAge({ passengerKinds: kinds }, 'child', 12)).toBe(false);
    expect(kindFitsAge({ passengerKinds: kinds }, 'adult', 80)).toBe(true);
    expect(kindFitsAge({ passengerKinds: kinds }, 'senior', 80)).toBe(false);
    expect(kindForAge({ passengerKinds: kinds }, 5)).toBeUndefined();
    expect(kindForAge({ passengerKinds: kinds }, 7)).toBe('child');
  });
  it('applies the residence restriction', () => {
    expect(residenceAllowed(null, 'JP')).toBe(true);
    expect(residenceAllowed({ except: ['JP'] }, 'JP')).toBe(false);
    expect(residenceAllowed({ except: ['JP'] }, 'TH')).toBe(true);
    expect(residenceAllowed({ only: ['DE', 'FR'] }, 'TH')).toBe(false);
  });
  it('ends validity after the consecutive days or the flexi window', () => {
    expect(lastValidDay({ validity: { mode: 'consecutive', days: 7 } }, '2026-03-30')).toBe('2026-04-05');
    expect(lastValidDay({ validity: { mode: 'flexi', days: 2, withinDays: 10 } }, '2026-03-30')).toBe('2026-04-08');
  });
  it('refunds in full until the given days before the start', () => {
    expect(refundDeadline({ refund: { fullRefundDaysBefore: 1, lateRefundPct: 0 } }, '2026-03-30').toISOString()).toBe(
      '2026-03-29T00:00:00.000Z',
    );
  });
});
