/**
 * Operators as managers edit them (issue 22, /{lang}/op/operators): the name and logo travellers
 * see on results and trip pages, how bookings are confirmed, and the late-cancellation refund share
 * — the operator settings the network keeps as columns (free-cancellation hours and the booking
 * cut-off belong to each travel option, not the operator). Each change writes its `network_audit`
 * row and a new inventory_version in one transaction and is then announced on the bus, so every
 * server process rebuilds its search index (which carries name, logo and confirmation) at once.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import { confirmationMode, operators } from '../db/schema.ts';
import type { StaffMember } from './access.ts';
import { editNetworkRow, type NetworkEdit } from './networkEdit.ts';

export const CONFIRMATION_MODES = confirmationMode.enumValues;

/** A logo is a file of this site (`/logos/…`) or an https address; empty shows the operator's initials. */
const logo = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^\/[^/\s]\S*$/.test(v) || /^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/.test(v));

export const operatorForm = z.object({
  id: z.coerce.number().int().positive(),
  name: z.string().trim().min(1).max(120),
  logo,
  confirmation: z.enum(CONFIRMATION_MODES),
  lateRefundPct: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .refine((n) => n <= 100),
});
export type OperatorInput = z.infer<typeof operatorForm>;

export interface OperatorRow {
  id: number;
  slug: string;
  name: string;
  logo: string;
  confirmation: (typeof CONFIRMATION_MODES)[number];
  lateRefundPct: number;
  currency: string;
  countryCode: string;
}

const operatorColumns = {
  id: operators.id,
  slug: operators.slug,
  name: operators.name,
  logo: operators.logo,
  confirmation: operators.confirmation,
  lateRefundPct: operators.lateRefundPct,
  currency: operators.currency,
  countryCode: operators.countryCode,
};

/** Operators whose name or slug contains `query` (all when empty), by name; at most `limit`. */
export function findOperators(db: Db, query = '', limit = 200): Promise<OperatorRow[]> {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(operatorColumns)
    .from(operators)
    .where(query ? sql`(${operators.name} ilike ${pattern} or ${operators.slug} ilike ${pattern})` : undefined)
    .orderBy(asc(operators.name))
    .limit(limit);
}

export async function operatorById(db: Db, id: number): Promise<OperatorRow | undefined> {
  const [row] = await db.select(operatorColumns).from(operators).where(eq(operators.id, id));
  return row;
}

export type OperatorChange = NetworkEdit;

const audited = (o: Pick<OperatorRow, 'name' | 'logo' | 'confirmation' | 'lateRefundPct'>) => ({
  name: o.name,
  logo: o.logo,
  confirmation: o.confirmation,
  lateRefundPct: o.lateRefundPct,
});

/** Changes an operator as `staff` (`unknown`: no such operator). */
export function updateOperator(
  db: Db,
  staff: StaffMember,
  input: OperatorInput,
  requestId: string | null,
  bus?: Bus,
): Promise<OperatorChange> {
  const after = audited(input);
  return editNetworkRow(
    db,
    staff,
    {
      action: 'operators.save',
      entity: 'operator',
      lock: async (tx) => {
        const [current] = await tx.select(operatorColumns).from(operators).where(eq(operators.id, input.id)).for('update');
        return current && { key: current.slug, fields: audited(current) };
      },
      after,
      write: (tx) => tx.update(operators).set(after).where(eq(operators.id, input.id)),
    },
    requestId,
    bus,
  );
}
