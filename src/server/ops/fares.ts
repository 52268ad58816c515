/**
 * Fares of a route's travel options as managers edit them (issue 22, /{lang}/op/fares): the price
 * for the whole route in integer minor units of its currency, and the option's sales cut-off and
 * free-cancellation hours. Each change writes its `network_audit` row (before/after) and a new
 * inventory_version in one transaction and is then announced on the bus, so every server process
 * quotes the new fare at once. Bookings already made keep the price they were quoted.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CURRENCIES, currencyInfo, type CurrencyCode } from '../../domain/currencyCodes.ts';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import { operators, routes, travelOptions } from '../db/schema.ts';
import type { StaffMember } from './access.ts';
import { toMinorUnits } from './bookings.ts';
import { editNetworkRow, type NetworkEdit } from './networkEdit.ts';

export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as [CurrencyCode, ...CurrencyCode[]];

/** The form amount of a stored price ("450.00" for 45000 THB minor units, "1200" for 1200 IDR). */
export function minorToAmount(minor: number, currency: CurrencyCode): string {
  const { minorUnits } = currencyInfo(currency);
  return minorUnits === 0 ? String(minor) : (minor / 10 ** minorUnits).toFixed(minorUnits);
}

const smallCount = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,5}$/)
    .transform(Number)
    .refine((n) => n <= max);

export const fareForm = z
  .object({
    id: z.coerce.number().int().positive(),
    currency: z.enum(CURRENCY_CODES),
    price: z.string().trim().max(20),
    bookingCutoffMin: smallCount(10_080),
    /** Empty: no free cancellation. */
    fullRefundHours: z.union([z.literal('').transform(() => null), smallCount(8_760)]),
  })
  .transform((form, ctx) => {
    const priceMinor = toMinorUnits(form.price, form.currency);
    if (priceMinor === undefined || priceMinor <= 0 || priceMinor > 2_000_000_000) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'price' });
      return z.NEVER;
    }
    return {
      id: form.id,
      priceMinor,
      currency: form.currency,
      bookingCutoffMin: form.bookingCutoffMin,
      fullRefundHours: form.fullRefundHours,
    };
  });
export type FareInput = z.infer<typeof fareForm>;

export interface FareRow {
  id: number;
  operatorName: string;
  routeCode: string;
  className: string;
  priceMinor: number;
  currency: string;
  bookingCutoffMin: number;
  fullRefundHours: number | null;
}

const fareColumns = {
  id: travelOptions.id,
  operatorName: operators.name,
  routeCode: routes.code,
  className: travelOptions.className,
  priceMinor: travelOptions.priceMinor,
  currency: travelOptions.currency,
  bookingCutoffMin: travelOptions.bookingCutoffMin,
  fullRefundHours: travelOptions.fullRefundHours,
};

/** Travel options whose route code, operator or class name contains `query`, by operator and route; at most `limit`. */
export function findFares(db: Db, query: string, limit = 100): Promise<FareRow[]> {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(fareColumns)
    .from(travelOptions)
    .innerJoin(routes, eq(routes.id, travelOptions.routeId))
    .innerJoin(operators, eq(operators.id, routes.operatorId))
    .where(
      query
        ? sql`(${routes.code} ilike ${pattern} or ${operators.name} ilike ${pattern} or ${travelOptions.className} ilike ${pattern})`
        : undefined,
    )
    .orderBy(asc(operators.name), asc(routes.code), asc(travelOptions.id))
    .limit(limit);
}

export async function fareById(db: Db, id: number): Promise<FareRow | undefined> {
  const [row] = await db
    .select(fareColumns)
    .from(travelOptions)
    .innerJoin(routes, eq(routes.id, travelOptions.routeId))
    .innerJoin(operators, eq(operators.id, routes.operatorId))
    .where(eq(travelOptions.id, id));
  return row;
}

export type FareChange = NetworkEdit;

const audited = (o: Pick<FareRow, 'priceMinor' | 'currency' | 'bookingCutoffMin' | 'fullRefundHours'>) => ({
  priceMinor: o.priceMinor,
  currency: o.currency,
  bookingCutoffMin: o.bookingCutoffMin,
  fullRefundHours: o.fullRefundHours,
});

/** Changes a travel option's fare as `staff` (`unknown`: no such option). */
export function updateFare(db: Db, staff: StaffMember, input: FareInput, requestId: string | null, bus?: Bus): Promise<FareChange> {
  const after = audited(input);
  return editNetworkRow(
    db,
    staff,
    {
      action: 'fares.save',
      entity: 'travel_option',
      lock: async (tx) => {
        const [current] = await tx.select().from(travelOptions).where(eq(travelOptions.id, input.id)).for('update');
        return current && { key: String(current.id), fields: audited(current) };
      },
      after,
      write: (tx) => tx.update(travelOptions).set(after).where(eq(travelOptions.id, input.id)),
    },
    requestId,
    bus,
  );
}
