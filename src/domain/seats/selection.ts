/**
 * The seat choice of the booking form (SPEC §5 "Seats: empty selection, not enough seats"): for
 * each leg with a seat map, one place per passenger. The same rule serves the island (plain
 * code, no zod in the browser) and the server's form schema, so both answer with the same keys.
 */
export const SEAT_ERROR = {
  empty: 'field-error-seats-empty',
  notEnough: 'field-error-seats-not-enough',
  tooMany: 'field-error-seats-too-many',
  unknown: 'field-error-seat-unknown',
} as const;

/** A place code as layouts make them: row number and letter (`12A`). */
export const SEAT_CODE = /^[1-9][0-9]{0,2}[A-K]$/;

export interface LegChoice {
  /** The cart leg (`cart_legs.id`). */
  leg: number;
  seats: readonly string[];
}

/** Message keys for one leg's places, in the order the rules are listed. */
export function seatChoiceErrors(seats: readonly unknown[], people: number): string[] {
  if (seats.length === 0) return [SEAT_ERROR.empty];
  const errors: string[] = [];
  if (seats.length < people) errors.push(SEAT_ERROR.notEnough);
  if (seats.length > people) errors.push(SEAT_ERROR.tooMany);
  const codes = seats.filter((s): s is string => typeof s === 'string' && SEAT_CODE.test(s));
  if (codes.length !== seats.length || new Set(codes).size !== codes.length) errors.push(SEAT_ERROR.unknown);
  return errors;
}

/** Field path (`seats.0`) → message keys for every leg of the choice that breaks a rule. */
export function seatSelectionErrors(choice: readonly LegChoice[] | undefined, people: number): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  (choice ?? []).forEach((c, i) => {
    const messages = seatChoiceErrors(c.seats, people);
    if (messages.length > 0) errors[`seats.${String(i)}`] = messages;
  });
  return errors;
}
