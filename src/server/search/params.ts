/**
 * Zod schemas for the search API's query strings, and resolving their place/station
 * references against the index. A reference is a place id ("12"), a station id ("s34"), or a
 * place or station slug.
 */
import { z } from 'zod';
import { currencyCodeSchema, DEFAULT_CURRENCY } from '../../domain/currency.ts';
import { isIsoDate } from '../../domain/search/dates.ts';
import type { Endpoint } from '../../domain/search/search.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { parseClassFilter } from '../../domain/search/vehicleClasses.ts';

/** A place (`12`), a station (`s34`) or a place or station slug. */
export const placeRef = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^(\d{1,9}|s\d{1,9}|[a-z0-9][a-z0-9-]*)$/, 'invalid_reference');

export const isoDate = z.string().trim().refine(isIsoDate, 'invalid_date');

/** A local clock time, "HH:MM" (00:00–23:59). */
const localTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid_time');

/** Minutes after midnight of an "HH:MM" that localTime accepted. */
export function minuteOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export const people = z.coerce.number().int('invalid_people').min(1, 'too_few_people').max(20, 'too_many_people');

export const classFilter = z
  .string()
  .trim()
  .default('all')
  .transform((raw, ctx) => {
    const parsed = parseClassFilter(raw);
    if (parsed === undefined) {
      ctx.addIssue({ code: 'custom', message: 'unknown_vehicle_class' });
      return z.NEVER;
    }
    return parsed;
  });

export const searchSchema = z
  .object({
    fromId: placeRef.optional(),
    toId: placeRef.optional(),
    fromSlug: placeRef.optional(),
    toSlug: placeRef.optional(),
    date: isoDate.optional(),
    date2: isoDate.optional(),
    /** The return leg of a round trip (the outbound is one when date2 is given): round-trip prices. */
    roundTrip: z.enum(['1']).optional(),
    people: people.default(2),
    direction: z.enum(['forward', 'backward']).default('forward'),
    /** Depart after: answered by the engine itself, not by filtering a whole day's answer. */
    time: localTime.optional().meta({
      description: 'Leave at or after this local time ("HH:MM") at the departure place, on the asked date.',
      examples: ['08:00'],
    }),
    arrive_by: localTime.optional().meta({
      description: 'Arrive at or before this local time ("HH:MM") at the destination, on the asked date.',
      examples: ['18:00'],
    }),
    vehclasses: classFilter,
    currency: currencyCodeSchema.default(DEFAULT_CURRENCY),
  })
  .superRefine((v, ctx) => {
    if (!v.fromId && !v.fromSlug) ctx.addIssue({ code: 'custom', path: ['fromId'], message: 'required' });
    if (!v.toId && !v.toSlug) ctx.addIssue({ code: 'custom', path: ['toId'], message: 'required' });
  });

export type SearchParams = z.infer<typeof searchSchema>;

export function resolveRef(index: TimetableIndex, id: string | undefined, slug: string | undefined): Endpoint | undefined {
  const raw = id ?? slug;
  if (!raw) return undefined;
  if (/^\d+$/.test(raw)) return index.places.has(Number(raw)) ? { kind: 'place', id: Number(raw) } : undefined;
  if (/^s\d+$/.test(raw)) {
    const stationId = Number(raw.slice(1));
    return index.stations.has(stationId) ? { kind: 'station', id: stationId } : undefined;
  }
  const place = index.placesBySlug.get(raw);
  if (place) return { kind: 'place', id: place.id };
  const station = index.stationsBySlug.get(raw);
  return station ? { kind: 'station', id: station.id } : undefined;
}

/** Today's date in a time zone (the departure station's, for the date rules). */
export function todayIn(offsetMin: number, nowMs: number): string {
  return new Date(nowMs + offsetMin * 60_000).toISOString().slice(0, 10);
}
