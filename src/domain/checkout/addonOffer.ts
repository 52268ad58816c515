/**
 * The add-ons a checkout offers (SPEC §3 addon fields), priced in the cart's currency: built by
 * src/server/checkout/context.ts, shown by the PassengersForm island.
 */
import type { Money } from '../search/money.ts';

export interface AddonOffer {
  insurance: { value: string; text: string; data: { pack: string; label: string }; price: Money }[];
  /** An addon field (SPEC §3): its options, the most of each, and the chosen rows as its comma-separated `value`. */
  luggage: { options: { value: string; label: string; price: Money }[]; max: number; value: string };
  pickup: { value: string; arrival_datetime: string; arrival_station_name: string; price: Money }[];
}
