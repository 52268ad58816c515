/**
 * Connector for operators who confirm bookings by hand: their availability comes from a
 * partner system that answers in a few hundred milliseconds, not from our own database. The
 * delay is what the recheck must cope with (it runs after the first answer, in the background);
 * the seats themselves are still our inventory's, since the seed has no partner system.
 */
import { readSeatsLeft } from './inventory.ts';
import type { OperatorConnector } from './types.ts';

export function createManualConnector(delayMs = 250): OperatorConnector {
  return {
    name: 'manual',
    async seatsLeft(db, queries) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return readSeatsLeft(db, queries);
    },
  };
}

export const manualConnector = createManualConnector();
