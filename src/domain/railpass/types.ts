/**
 * A rail pass as the catalogue holds it (one row of `railpasses`, see src/server/db/schema.ts)
 * and as a search answers it (SPEC §3 "Rail pass result"). Prices are integer minor units in the
 * issuer's currency; they are converted to the traveller's currency only when shown or quoted.
 */
import { z } from 'zod';

export const RAILPASS_TYPES = ['route', 'pass', 'trip'] as const;
export type RailpassType = (typeof RAILPASS_TYPES)[number];

export const PASSENGER_KINDS = ['adult', 'youth', 'child', 'senior'] as const;
export type PassengerKind = (typeof PASSENGER_KINDS)[number];

export const RAILPASS_SORTS = ['recommended', 'cheapest', 'rating'] as const;
export type RailpassSort = (typeof RAILPASS_SORTS)[number];

export type LocalizedName = { en: string } & Record<string, string>;

/** Ages on the first day of validity, inclusive; `maxAge` null means no upper bound. */
export interface PassengerKindRule {
  key: PassengerKind;
  minAge: number;
  maxAge: number | null;
}

/** Consecutive days from the start date, or `days` travel days within `withinDays` from it. */
export type Validity = { mode: 'consecutive'; days: number } | { mode: 'flexi'; days: number; withinDays: number };

/** A class of the pass (Ordinary, Green, 1st…) with a fare per passenger kind it sells. */
export interface ClassOption {
  key: string;
  name: LocalizedName;
  fares: Partial<Record<PassengerKind, number>>;
}

/**
 * Who may buy it by country of residence: only residents of `only`, or anyone except residents of
 * `except` (ISO 3166 codes). Null: no restriction.
 */
export type ResidenceRule = { only: string[] } | { except: string[] } | null;

/** Refund before the start date: in full until `fullRefundDaysBefore` days before, else `lateRefundPct`. */
export interface PassRefundRule {
  fullRefundDaysBefore: number;
  lateRefundPct: number;
}

export interface PassPhoto {
  /** Path under /railpass/ (public/railpass/…). */
  file: string;
  alt: LocalizedName;
  caption: LocalizedName;
}

export interface PassOperator {
  key: string;
  id: number;
  name: string;
}

export interface PassRegion {
  key: string;
  name: LocalizedName;
}

export interface RailpassRecord {
  id: number;
  slug: string;
  /** The pass this one is a variant of (14 days of the 7-day pass), or null for a main pass. */
  mainPassId: number | null;
  /** The destination page it is listed on (japan, south-korea, europe…). */
  countrySlug: string;
  /** Countries it is valid in (ISO 3166). */
  countryCodes: string[];
  type: RailpassType;
  names: LocalizedName;
  summary: LocalizedName;
  operators: PassOperator[];
  regions: PassRegion[];
  currency: string;
  classOptions: ClassOption[];
  passengerKinds: PassengerKindRule[];
  validity: Validity;
  /** The start date may be from tomorrow to this many days ahead. */
  activationWindowDays: number;
  residence: ResidenceRule;
  refund: PassRefundRule;
  /** How the voucher becomes a pass: exchanged at an office, or activated online/on first use. */
  activation: 'exchange' | 'activate_online' | 'first_use';
  labels: string[];
  features: string[];
  photos: PassPhoto[];
  /** Units on sale per start date (the issuer's allocation to this site). */
  dailyAllocation: number;
  popularity: number;
  rating: number | null;
  reviewCount: number;
}

/** SPEC §3 Rail pass result. */
export interface RailpassResult {
  slug: string;
  id: number;
  mainPassId: number | null;
  type: RailpassType;
  name: string;
  classOptions: {
    key: string;
    name: string;
    minPrice: { value: number; fxcode: string; minor: number };
    reviews: number;
    rating: number | null;
  }[];
  validity: number[];
  operators: PassOperator[];
  regions: { key: string; name: string }[];
  labels: { key: string }[];
  features: { key: string }[];
  popularity: number;
  rating: number | null;
  reviews: number;
}

/** The number a validity filter and the result's `validity` use: the travel days. */
export function validityDays(v: Validity): number {
  return v.days;
}

export const localizedNameSchema = z.looseObject({ en: z.string().min(1) }).transform((v) => v as LocalizedName);

/** The catalogue in memory, held by the search index (`TimetableIndex.railpasses`). */
export interface RailpassCatalogue {
  passes: readonly RailpassRecord[];
  byId: ReadonlyMap<number, RailpassRecord>;
}
