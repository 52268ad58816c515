import { describe, expect, it } from 'vitest';
import { bookingFormSchema, formErrors } from '../checkout/validation.ts';
import { bookingFormErrors } from '../checkout/formRules.ts';
import { SEAT_ERROR, seatSelectionErrors } from './selection.ts';

const base = { email: 'a@example.com', phone: '+66 81 234 5678', passengers: [{ full_name: 'A B' }, { full_name: 'C D' }] };

describe('seat selection rules (SPEC §5 seats)', () => {
  it('names an empty selection and a selection with too few seats', () => {
    expect(seatSelectionErrors([{ leg: 1, seats: [] }], 2)).toEqual({ 'seats.0': [SEAT_ERROR.empty] });
    expect(
      seatSelectionErrors(
        [
          { leg: 1, seats: ['3A', '3B'] },
          { leg: 2, seats: ['4A'] },
        ],
        2,
      ),
    ).toEqual({ 'seats.1': [SEAT_ERROR.notEnough] });
    expect(seatSelectionErrors([{ leg: 1, seats: ['3A', '3A'] }], 2)).toEqual({ 'seats.0': [SEAT_ERROR.unknown] });
    expect(seatSelectionErrors([{ leg: 1, seats: ['3A', '3B', '3C'] }], 2)).toEqual({ 'seats.0': [SEAT_ERROR.tooMany] });
    expect(seatSelectionErrors(undefined, 2)).toEqual({});
  });

  it('the island and the server answer the same keys for the same choice', () => {
    const cases = [[], ['3A'], ['3A', '3B'], ['3A', 'x'], ['3A', '3B', '3C']];
    for (const seats of cases) {
      const form = { ...base, seats: [{ leg: 7, seats }] };
      const plain = bookingFormErrors(form, ['full_name'], '2026-01-01', 2);
      const parsed = bookingFormSchema(['full_name'], '2026-01-01', 2).safeParse(form);
      expect(parsed.success ? {} : formErrors(parsed.error)).toEqual(plain);
    }
  });

  it('a form without seats is still valid (the operator seats travellers)', () => {
    expect(bookingFormSchema(['full_name'], '2026-01-01', 2).safeParse(base).success).toBe(true);
  });
});
