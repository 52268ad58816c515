/**
 * The rules of buying a pass: the start date inside the activation window, each traveller's
 * passenger kind from their age on the start date, the country-of-residence restriction, the
 * fare of the chosen class, the last day of validity and the refund term.
 */
import type { PassengerKind, RailpassRecord, ResidenceRule } from './types.ts';

const DAY_MS = 86_400_000;

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return isoDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
}

/** The first and last start date on sale on `now`'s day (UTC): from tomorrow to the window's end. */
export function activationWindow(pass: Pick<RailpassRecord, 'activationWindowDays'>, now: number): { first: string; last: string } {
  const today = isoDay(now);
  return { first: addDays(today, 1), last: addDays(today, pass.activationWindowDays) };
}

export function startDateProblem(
  pass: Pick<RailpassRecord, 'activationWindowDays'>,
  startDate: string,
  now: number,
): 'start_too_early' | 'start_too_late' | undefined {
  const w = activationWindow(pass, now);
  if (startDate < w.first) return 'start_too_early';
  if (startDate > w.last) return 'start_too_late';
  return undefined;
}

/** Completed years between a birth date and a day (both YYYY-MM-DD). */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Whether someone of `age` may travel on the pass as `kind`. */
export function kindFitsAge(pass: Pick<RailpassRecord, 'passengerKinds'>, kind: PassengerKind, age: number): boolean {
  const rule = pass.passengerKinds.find((k) => k.key === kind);
  return !!rule && age >= rule.minAge && (rule.maxAge === null || age <= rule.maxAge);
}

/** The passenger kind an age falls in (the first rule that fits), for the checkout's hint. */
export function kindForAge(pass: Pick<RailpassRecord, 'passengerKinds'>, age: number): PassengerKind | undefined {
  return pass.passengerKinds.find((k) => age >= k.minAge && (k.maxAge === null || age <= k.maxAge))?.key;
}

export function residenceAllowed(rule: ResidenceRule, country: string): boolean {
  if (!rule) return true;
  return 'only' in rule ? rule.only.includes(country) : !rule.except.includes(country);
}

/** The fare in the issuer's currency (minor units), or undefined when the class does not sell that kind. */
export function fareOf(pass: Pick<RailpassRecord, 'classOptions'>, classKey: string, kind: PassengerKind): number | undefined {
  return pass.classOptions.find((c) => c.key === classKey)?.fares[kind];
}

/** The cheapest fare of a class (adult fares are the headline price; children are never dearer). */
export function classMinFare(option: RailpassRecord['classOptions'][number]): number {
  return Math.min(...Object.values(option.fares));
}

/** The last day the pass can be used: the validity window from the start date. */
export function lastValidDay(pass: Pick<RailpassRecord, 'validity'>, startDate: string): string {
  const span = pass.validity.mode === 'consecutive' ? pass.validity.days : pass.validity.withinDays;
  return addDays(startDate, span - 1);
}

/** Full refund until this instant: `fullRefundDaysBefore` whole days before the start date begins (UTC). */
export function refundDeadline(pass: Pick<RailpassRecord, 'refund'>, startDate: string): Date {
  return new Date(Date.parse(`${startDate}T00:00:00Z`) - pass.refund.fullRefundDaysBefore * DAY_MS);
}

/** The line's fare in the issuer's currency (minor units): each traveller's fare by their kind; undefined when one is not sold. */
export function lineFare(
  pass: Pick<RailpassRecord, 'classOptions'>,
  classKey: string,
  travellers: readonly { kind: PassengerKind }[],
): number | undefined {
  let sum = 0;
  for (const traveller of travellers) {
    const fare = fareOf(pass, classKey, traveller.kind);
    if (fare === undefined) return undefined;
    sum += fare;
  }
  return sum;
}

/** Why a line cannot be sold for this pass now, checked field by field for the traveller's error. */
export type LineProblem =
  | { code: 'unknown_class'; field: 'classKey' }
  | { code: 'kind_not_sold'; field: `travellers.${number}.kind` }
  | { code: 'start_too_early' | 'start_too_late'; field: 'startDate' }
  | { code: 'age_not_allowed'; field: `travellers.${number}.birthDate` }
  | { code: 'residence_not_allowed'; field: `travellers.${number}.residence` };

export interface LineToCheck {
  classKey: string;
  startDate: string;
  /** Each traveller with their own kind: one purchase may mix adults and children. */
  travellers: readonly { kind: PassengerKind; birthDate: string; residence: string }[];
}

export function lineProblems(pass: RailpassRecord, line: LineToCheck, now: number): LineProblem[] {
  const problems: LineProblem[] = [];
  const option = pass.classOptions.find((c) => c.key === line.classKey);
  if (!option) problems.push({ code: 'unknown_class', field: 'classKey' });
  const start = startDateProblem(pass, line.startDate, now);
  if (start) problems.push({ code: start, field: 'startDate' });
  for (const [i, traveller] of line.travellers.entries()) {
    // A kind the class does not sell is named once; its age rule is then moot.
    if (option && option.fares[traveller.kind] === undefined) problems.push({ code: 'kind_not_sold', field: `travellers.${i}.kind` });
    else if (!kindFitsAge(pass, traveller.kind, ageOn(traveller.birthDate, line.startDate))) {
      problems.push({ code: 'age_not_allowed', field: `travellers.${i}.birthDate` });
    }
    if (!residenceAllowed(pass.residence, traveller.residence))
      problems.push({ code: 'residence_not_allowed', field: `travellers.${i}.residence` });
  }
  return problems;
}
