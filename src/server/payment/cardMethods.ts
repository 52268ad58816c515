/**
 * Card-method resolution on the server: the shipped BIN table (src/domain/payment/bins.ts) under
 * the ranges Admin maintains in `card_bin_ranges`, and Admin's change of a range (role table
 * src/server/ops/access.ts, action `cardBins.update`; the service checks it again as a backstop).
 */
import type { Db } from '../db/client.ts';
import { cardBinRanges } from '../db/schema.ts';
import { binRangeSchema, resolveBin, type BinRange } from '../../domain/payment/bins.ts';
import { assertMay, type StaffMember } from '../ops/access.ts';

async function adminRanges(db: Db): Promise<BinRange[]> {
  const rows = await db.select().from(cardBinRanges);
  // A row that no longer parses (a paygate retired since) is skipped, not trusted.
  return rows.flatMap((row) => {
    const parsed = binRangeSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function resolveCardMethod(db: Db, bin: string): Promise<BinRange | undefined> {
  return resolveBin(bin, await adminRanges(db));
}

/** Admin adds a range or changes one (same prefix); the change applies to the next resolution. */
export async function updateCardBinRange(db: Db, staff: StaffMember, range: BinRange, nowMs: number): Promise<void> {
  assertMay(staff, 'cardBins.update');
  const row = { ...binRangeSchema.parse(range), updatedBy: `staff:${String(staff.userId)}`, updatedAt: new Date(nowMs) };
  await db.insert(cardBinRanges).values(row).onConflictDoUpdate({ target: cardBinRanges.prefix, set: row });
}
