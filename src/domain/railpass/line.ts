/**
 * A rail pass cart line (kind `railpass`) as stored and as `cart/railpass` receives it: the pass,
 * its class, the start date and the travellers it is for, each with their passenger kind (one
 * purchase may hold an adult and a child, each paying their own fare) and the fields an issuer
 * checks (birth date for the kind's age rule, country of residence for residence rules). The
 * cart's `people` is the number of travellers; the line's price is the sum of their fares.
 */
import { z } from 'zod';
import { MAX_ROW_ID } from '../ids.ts';
import { PASSENGER_KINDS } from './types.ts';

export const RAILPASS_KIND = 'railpass';
export const MAX_PASS_TRAVELLERS = 20;

/** A real calendar day as YYYY-MM-DD. */
export const isoDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date')
  .refine((d) => {
    const ms = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === d;
  }, 'invalid_date');

export const passTravellerSchema = z.strictObject({
  /** The fare this traveller pays; their age on the start date must fit the kind's rule. */
  kind: z.enum(PASSENGER_KINDS),
  fullName: z.string().trim().min(2, 'too_short').max(80, 'too_long'),
  birthDate: isoDaySchema.refine((d) => d >= '1900-01-01', 'invalid_date'),
  /** ISO 3166-1 alpha-2, as the checkout's nationality field. */
  residence: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'invalid_country'),
});

/** What a traveller chooses (the body of `cart/railpass` without the cart fields). */
export const railpassPurchaseSchema = z.strictObject({
  passId: z.number().int().positive().max(MAX_ROW_ID),
  classKey: z.string().regex(/^[a-z0-9-]{1,40}$/, 'invalid_class'),
  startDate: isoDaySchema,
  travellers: z.array(passTravellerSchema).min(1, 'required').max(MAX_PASS_TRAVELLERS, 'too_many'),
});

export type RailpassPurchase = z.infer<typeof railpassPurchaseSchema>;

const localized = z.looseObject({ en: z.string().min(1) }).transform((v) => v as { en: string } & Record<string, string>);

/**
 * The pass's terms when it was put in the cart: the ticket prints them and a cancellation refunds
 * under them, whatever the catalogue says later. The quote refuses a line whose terms are no
 * longer the catalogue's (the traveller re-adds the pass and sees the new terms).
 */
export const passTermsSchema = z.strictObject({
  names: localized,
  className: localized,
  validity: z.discriminatedUnion('mode', [
    z.strictObject({ mode: z.literal('consecutive'), days: z.number().int().min(1).max(366) }),
    z.strictObject({ mode: z.literal('flexi'), days: z.number().int().min(1).max(366), withinDays: z.number().int().min(1).max(366) }),
  ]),
  activation: z.enum(['exchange', 'activate_online', 'first_use']),
  refund: z.strictObject({ fullRefundDaysBefore: z.number().int().min(0).max(366), lateRefundPct: z.number().int().min(0).max(100) }),
  dailyAllocation: z.number().int().min(1).max(100_000),
});

const railpassLineShape = railpassPurchaseSchema.extend({ terms: passTermsSchema });

/**
 * Lines stored before travellers had a kind each carry one `passengerKind` for all of them: read
 * as the same kind on every traveller (what they were sold as), so those bookings still print,
 * refund and re-quote. New lines are always written with a kind per traveller.
 */
function travellerKindsOfOldLine(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || !('passengerKind' in stored)) return stored;
  const { passengerKind, ...rest } = stored as { passengerKind: unknown; travellers?: unknown };
  const travellers = Array.isArray(rest.travellers)
    ? rest.travellers.map((t: unknown) => (typeof t === 'object' && t !== null ? { kind: passengerKind, ...t } : t))
    : rest.travellers;
  return { ...rest, travellers };
}

export const railpassLineSchema = z.preprocess(travellerKindsOfOldLine, railpassLineShape);

export type PassTerms = z.infer<typeof passTermsSchema>;
export type RailpassLine = z.infer<typeof railpassLineSchema>;
export type PassTraveller = z.infer<typeof passTravellerSchema>;
