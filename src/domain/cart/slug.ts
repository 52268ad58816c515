/**
 * The tail of a search result's booking_uri, `/{lang}/add-to-cart/{tripKey}/{optionIds}`,
 * parsed back into what the traveller chose. A round trip repeats the pair for the return
 * (`{outKey}/{outOptions}/{returnKey}/{returnOptions}`). A connection's option ids are one per
 * leg, joined by `+`, in leg order — the same shape trips.ts writes.
 */
import { decodeComponentOrUndefined } from '../percentDecoding.ts';
import { MAX_CHANGES } from '../search/journeyRules.ts';

export interface CartSelection {
  tripKey: string;
  /** One travel option id per leg of the trip. */
  optionIds: number[];
}

const LEG_KEY = /^\d{1,9}\.\d{1,9}\.\d{1,9}\.\d{4}-\d{2}-\d{2}$/;
const OPTION_IDS = /^\d{1,9}(\+\d{1,9})*$/;
/** Outbound and return: more is not something a search result can produce. */
export const MAX_CART_TRIPS = 2;

export function parseSelection(tripKey: string, optionIds: string): CartSelection | undefined {
  const legs = tripKey.split('~');
  // A search offers journeys of up to MAX_CHANGES changes: each must be bookable.
  if (legs.length > MAX_CHANGES + 1 || !legs.every((leg) => LEG_KEY.test(leg))) return undefined;
  if (!OPTION_IDS.test(optionIds)) return undefined;
  const ids = optionIds.split('+').map(Number);
  if (ids.length !== legs.length) return undefined;
  return { tripKey, optionIds: ids };
}

/** The catch-all's slug (segments after add-to-cart/) → selections, or undefined when malformed. */
export function parseAddToCartSlug(slug: string): CartSelection[] | undefined {
  const parts = slug.split('/').filter((p) => p !== '');
  if (parts.length === 0 || parts.length % 2 !== 0 || parts.length / 2 > MAX_CART_TRIPS) return undefined;
  const selections: CartSelection[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    // Astro decoded the path once already; a second decode of a literal % must not throw.
    const tripKey = decodeComponentOrUndefined(parts[i] ?? '');
    const optionIds = decodeComponentOrUndefined(parts[i + 1] ?? '');
    const selection = tripKey === undefined || optionIds === undefined ? undefined : parseSelection(tripKey, optionIds);
    if (!selection) return undefined;
    selections.push(selection);
  }
  return selections;
}
