/**
 * Admin's card BIN ranges (/{lang}/op/card-bins, issue 26): the ranges laid over the shipped
 * table (src/domain/payment/bins.ts) that decide provider and fee for a card. Each change checks
 * the role once more (the page checks first), refuses a range overlapping another of Admin's, and
 * writes its `network_audit` row in the same transaction.
 *
 * No process keeps the table in memory: `resolveCardMethod` (src/server/payment/cardMethods.ts)
 * reads it on every request, so a committed change applies from the next request on every server
 * process and needs no bus announcement.
 */
import { asc, count, eq, like, sql } from 'drizzle-orm';
import { binRangeSchema, overlappingRange, type BinRange } from '../../domain/payment/bins.ts';
import type { Db } from '../db/client.ts';
import { cardBinRanges } from '../db/schema.ts';
import { assertMay, type StaffMember } from './access.ts';
import { recordNetworkChange } from './networkAudit.ts';

/** The audit's entity for a range; its key is the prefix. */
export const CARD_BIN_ENTITY = 'card_bin_range';
export const CARD_BIN_PAGE_SIZE = 50;

/** A range as stored: shown as it is, even one that no longer parses (a paygate retired since). */
export type CardBinRow = typeof cardBinRanges.$inferSelect;

export interface CardBinPage {
  rows: CardBinRow[];
  total: number;
}

/** One page of Admin's ranges in prefix order, only those starting with `startsWith` when given (digits). */
export async function listCardBinRanges(db: Db, startsWith: string, page: number): Promise<CardBinPage> {
  const where = startsWith ? like(cardBinRanges.prefix, `${startsWith}%`) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(cardBinRanges)
      .where(where)
      .orderBy(asc(cardBinRanges.prefix))
      .limit(CARD_BIN_PAGE_SIZE)
      .offset(Math.max(0, page - 1) * CARD_BIN_PAGE_SIZE),
    db.select({ n: count() }).from(cardBinRanges).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export type SaveCardBinResult = { result: 'saved' | 'unchanged' } | { result: 'overlaps'; other: string };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Serialises Admin's changes of the table: two overlapping ranges saved at the same moment would
 * each pass the overlap check against a table without the other. Held to the transaction's end.
 */
async function lockRanges(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('card_bin_ranges'))`);
}

/** The audit's copy of a stored range: its columns that decide, without who changed it when. */
const stored = ({ prefix, scheme, issuerCountry, cardType, paygate, feeBasisPoints }: CardBinRow): Record<string, unknown> => ({
  prefix,
  scheme,
  issuerCountry,
  cardType,
  paygate,
  feeBasisPoints,
});

/** Adds a range or changes the one with the same prefix; refuses one overlapping another range of Admin's. */
export async function saveCardBinRangeAsAdmin(
  db: Db,
  staff: StaffMember,
  input: BinRange,
  requestId: string | null,
  now = new Date(),
): Promise<SaveCardBinResult> {
  assertMay(staff, 'cardBins.update');
  const range = binRangeSchema.parse(input);
  return db.transaction(async (tx): Promise<SaveCardBinResult> => {
    await lockRanges(tx);
    const all = await tx.select().from(cardBinRanges);
    const other = overlappingRange(range.prefix, all);
    if (other) return { result: 'overlaps', other: other.prefix };
    const current = all.find((r) => r.prefix === range.prefix);
    const row = { ...range, updatedBy: `staff:${String(staff.userId)}`, updatedAt: now };
    const before = current ? stored(current) : null;
    const after = stored(row);
    if (JSON.stringify(before) === JSON.stringify(after)) return { result: 'unchanged' };
    await tx.insert(cardBinRanges).values(row).onConflictDoUpdate({ target: cardBinRanges.prefix, set: row });
    await recordNetworkChange(tx, staff, requestId, {
      entity: CARD_BIN_ENTITY,
      entityKey: range.prefix,
      action: before ? 'change' : 'add',
      before,
      after,
    });
    return { result: 'saved' };
  });
}

/** Deletes Admin's range: its cards fall back to the shipped table. False when there was none. */
export async function deleteCardBinRangeAsAdmin(db: Db, staff: StaffMember, prefix: string, requestId: string | null): Promise<boolean> {
  assertMay(staff, 'cardBins.delete');
  return db.transaction(async (tx) => {
    await lockRanges(tx);
    const [deleted] = await tx.delete(cardBinRanges).where(eq(cardBinRanges.prefix, prefix)).returning();
    if (!deleted) return false;
    await recordNetworkChange(tx, staff, requestId, {
      entity: CARD_BIN_ENTITY,
      entityKey: prefix,
      action: 'delete',
      before: stored(deleted),
      after: null,
    });
    return true;
  });
}

/** Admin's range with exactly these first digits, to fill the form for a change. */
export async function cardBinRange(db: Db, prefix: string): Promise<CardBinRow | undefined> {
  const [row] = await db.select().from(cardBinRanges).where(eq(cardBinRanges.prefix, prefix));
  return row;
}
