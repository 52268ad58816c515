/**
 * The site's pricing rules as managers keep them (issue 22, /{lang}/op/pricing): an early-booking
 * discount (booked at least N days ahead) or a round-trip discount, for every operator or one, for
 * every vehicle class or one, optionally only for departures in a date range
 * (src/domain/search/pricing.ts applies them; the largest matching discount wins).
 *
 * Adding, changing and removing a rule writes its `network_audit` row (entity `pricing_rule`,
 * before → after) and a new inventory_version in one transaction, then `inventory_changed` goes
 * out on the bus: every server process reloads its search index, which holds the rules, so search
 * and cart quotes use the new prices within seconds. Bookings already made keep their price.
 */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isIsoDate } from '../../domain/search/dates.ts';
import type { Bus } from '../bus/bus.ts';
import { getBus } from '../bus/index.ts';
import type { Db } from '../db/client.ts';
import { operators, pricingRuleKind, pricingRules, vehicleClassId } from '../db/schema.ts';
import { announceInventoryChange, bumpInventoryVersion } from '../network/inventoryVersion.ts';
import { assertMay, type StaffMember } from './access.ts';
import { editNetworkRow, type NetworkEdit } from './networkEdit.ts';
import { recordNetworkChange } from './networkAudit.ts';

export const PRICING_RULE_KINDS = pricingRuleKind.enumValues;
export const VEHICLE_CLASSES = vehicleClassId.enumValues;

const emptyAsNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const optionalDate = z.preprocess(emptyAsNull, z.string().trim().refine(isIsoDate).nullable());
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .refine((n) => n >= min && n <= max);

const ruleFields = z.object({
  kind: z.enum(PRICING_RULE_KINDS),
  /** Empty: every operator. */
  operatorId: z.preprocess(emptyAsNull, z.coerce.number().int().positive().nullable()),
  /** Empty: every vehicle class. */
  vehicleClass: z.preprocess(emptyAsNull, z.enum(VEHICLE_CLASSES).nullable()),
  minDaysAhead: wholeNumber(0, 365),
  /** The database allows 1–90 % (`pricing_rules_pct`). */
  discountPct: wholeNumber(1, 90),
  validFrom: optionalDate,
  validTo: optionalDate,
});

/** The form of a rule: `id` present to change that rule, absent (or empty) to add one. */
export const pricingRuleForm = ruleFields
  .extend({ id: z.preprocess(emptyAsNull, z.coerce.number().int().positive().nullable()) })
  .superRefine((rule, ctx) => {
    if (rule.validFrom && rule.validTo && rule.validTo < rule.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'before valid from' });
  });
export type PricingRuleInput = z.infer<typeof pricingRuleForm>;
export const removePricingRuleForm = z.object({ id: z.coerce.number().int().positive() });

export interface PricingRuleFields {
  kind: (typeof PRICING_RULE_KINDS)[number];
  operatorId: number | null;
  vehicleClass: (typeof VEHICLE_CLASSES)[number] | null;
  minDaysAhead: number;
  discountPct: number;
  validFrom: string | null;
  validTo: string | null;
}

export interface PricingRuleRow extends PricingRuleFields {
  id: number;
  operatorName: string | null;
}

// Inferred (not `PricingRuleFields`): the audit takes an object literal type as a plain record.
const audited = (r: PricingRuleFields) => ({
  kind: r.kind,
  operatorId: r.operatorId,
  vehicleClass: r.vehicleClass,
  minDaysAhead: r.minDaysAhead,
  discountPct: r.discountPct,
  validFrom: r.validFrom,
  validTo: r.validTo,
});

/** Every rule, by kind and id (a site has a handful). */
export function listPricingRules(db: Db): Promise<PricingRuleRow[]> {
  return db
    .select({
      id: pricingRules.id,
      kind: pricingRules.kind,
      operatorId: pricingRules.operatorId,
      operatorName: operators.name,
      vehicleClass: pricingRules.vehicleClass,
      minDaysAhead: pricingRules.minDaysAhead,
      discountPct: pricingRules.discountPct,
      validFrom: pricingRules.validFrom,
      validTo: pricingRules.validTo,
    })
    .from(pricingRules)
    .leftJoin(operators, eq(operators.id, pricingRules.operatorId))
    .orderBy(asc(pricingRules.kind), asc(pricingRules.id));
}

export type PricingRuleChange =
  | NetworkEdit
  | { result: 'added'; version: number; id: number }
  | { result: 'removed'; version: number }
  /** The operator the rule names does not exist. */
  | { result: 'unknown_operator' };

async function operatorExists(db: Pick<Db, 'select'>, id: number | null): Promise<boolean> {
  if (id === null) return true;
  const [row] = await db.select({ id: operators.id }).from(operators).where(eq(operators.id, id));
  return row !== undefined;
}

/** Adds a rule (`id` null) or changes one, as `staff`. */
export async function savePricingRule(
  db: Db,
  staff: StaffMember,
  input: PricingRuleInput,
  requestId: string | null,
  bus?: Bus,
): Promise<PricingRuleChange> {
  assertMay(staff, 'pricing.save');
  if (!(await operatorExists(db, input.operatorId))) return { result: 'unknown_operator' };
  const fields = audited(input);
  const { id } = input;
  if (id !== null) {
    return editNetworkRow(
      db,
      staff,
      {
        action: 'pricing.save',
        entity: 'pricing_rule',
        lock: async (tx) => {
          const [current] = await tx.select().from(pricingRules).where(eq(pricingRules.id, id)).for('update');
          return current && { key: String(current.id), fields: audited(current) };
        },
        after: fields,
        write: (tx) => tx.update(pricingRules).set(fields).where(eq(pricingRules.id, id)),
      },
      requestId,
      bus,
    );
  }
  const added = await db.transaction(async (tx) => {
    const [row] = await tx.insert(pricingRules).values(fields).returning({ id: pricingRules.id });
    if (!row) throw new Error('insert returned no pricing rule');
    await recordNetworkChange(tx, staff, requestId, {
      entity: 'pricing_rule',
      entityKey: String(row.id),
      action: 'create',
      before: null,
      after: { ...fields },
    });
    return { result: 'added' as const, version: await bumpInventoryVersion(tx), id: row.id };
  });
  await announceInventoryChange(bus ?? (await getBus()), added.version).catch(() => undefined);
  return added;
}

/** Removes a rule as `staff`; the audit keeps what it was. */
export async function removePricingRule(
  db: Db,
  staff: StaffMember,
  id: number,
  requestId: string | null,
  bus?: Bus,
): Promise<PricingRuleChange> {
  assertMay(staff, 'pricing.delete');
  const change = await db.transaction(async (tx): Promise<PricingRuleChange> => {
    const [current] = await tx.select().from(pricingRules).where(eq(pricingRules.id, id)).for('update');
    if (!current) return { result: 'unknown' };
    await tx.delete(pricingRules).where(eq(pricingRules.id, id));
    await recordNetworkChange(tx, staff, requestId, {
      entity: 'pricing_rule',
      entityKey: String(id),
      action: 'delete',
      before: { ...audited(current) },
      after: null,
    });
    return { result: 'removed', version: await bumpInventoryVersion(tx) };
  });
  if (change.result === 'removed') await announceInventoryChange(bus ?? (await getBus()), change.version).catch(() => undefined);
  return change;
}
