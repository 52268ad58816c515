/**
 * Rules of a seat hold that do not need a database: when it lapses, the order in which a
 * transaction locks inventory rows, and whether the price moved since the quote.
 */

export const DEFAULT_HOLD_MINUTES = 20;

export function holdExpiresAt(now: number, minutes: number): Date {
  return new Date(now + minutes * 60_000);
}

export function isHoldExpired(expiresAt: Date, now: number): boolean {
  return expiresAt.getTime() <= now;
}

export interface InventoryKey {
  scheduleId: number;
  travelOptionId: number;
  serviceDate: string;
}

/**
 * One global order for taking row locks: two bookings that share departures always lock them
 * in the same order, so they queue instead of deadlocking. Duplicates collapse (a leg locked
 * twice in one transaction would be counted twice).
 */
export function lockOrder<T extends InventoryKey>(keys: readonly T[]): T[] {
  const seen = new Map<string, T>();
  for (const k of keys) seen.set(`${k.scheduleId}:${k.travelOptionId}:${k.serviceDate}`, k);
  return [...seen.values()].sort(
    (a, b) => a.scheduleId - b.scheduleId || a.travelOptionId - b.travelOptionId || a.serviceDate.localeCompare(b.serviceDate),
  );
}

export interface PriceChange {
  quotedMinor: number;
  currentMinor: number;
}

/** The cart's total moved: the traveller must see the new price before continuing. */
export function priceChange(quotedMinor: number, currentMinor: number): PriceChange | undefined {
  return quotedMinor === currentMinor ? undefined : { quotedMinor, currentMinor };
}
