/**
 * Card-method resolution on the server: the shipped BIN table (src/domain/payment/bins.ts) under
 * the ranges Admin maintains in `card_bin_ranges` (src/server/ops/cardBins.ts, page
 * /{lang}/op/card-bins). The table is read on every resolution, never cached, so Admin's change
 * applies from the next request in every server process.
 */
import type { Db } from '../db/client.ts';
import { cardBinRanges } from '../db/schema.ts';
import { binRangeSchema, resolveBin, type BinRange } from '../../domain/payment/bins.ts';

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
