/**
 * Split payment (issue 26): which parts a checkout is paid in. An operator that collects its own
 * payment (`operators.collects_own_payment`) takes the money for its legs under its own merchant
 * account, so its legs form a part of their own, paid through its own paygate session; every
 * other leg is collected by the shop in one part. A checkout with no such operator is one part —
 * the booking paid as one, as before.
 *
 * The shop's part comes first (it also carries the add-ons: insurance, extras — the shop sells
 * those), then one part per collecting operator in the order its first leg appears. When every
 * leg belongs to collecting operators, the add-ons ride on the first part.
 */

export interface PartLeg {
  /** The cart item (trip) and the leg within it. */
  itemIndex: number;
  legIndex: number;
  operatorId: number;
  /** Per passenger, minor units of the cart's currency. */
  unitPriceMinor: number;
}

export interface PaymentPart {
  /** `shop`, or `operator:{id}`: stable for the same cart, so a part can be named in a URL. */
  key: string;
  /** The operator collecting this part; null for the shop's part. */
  collectingOperatorId: number | null;
  legs: { itemIndex: number; legIndex: number }[];
  fareMinor: number;
  addonsMinor: number;
}

export function paymentParts(
  legs: readonly PartLeg[],
  options: { people: number; addonsMinor: number; collectsOwnPayment: (operatorId: number) => boolean },
): PaymentPart[] {
  const parts = new Map<string, PaymentPart>();
  const partFor = (leg: PartLeg): PaymentPart => {
    const collecting = options.collectsOwnPayment(leg.operatorId);
    const key = collecting ? `operator:${String(leg.operatorId)}` : 'shop';
    let part = parts.get(key);
    if (!part) {
      part = { key, collectingOperatorId: collecting ? leg.operatorId : null, legs: [], fareMinor: 0, addonsMinor: 0 };
      parts.set(key, part);
    }
    return part;
  };
  for (const leg of legs) {
    const part = partFor(leg);
    part.legs.push({ itemIndex: leg.itemIndex, legIndex: leg.legIndex });
    part.fareMinor += leg.unitPriceMinor * options.people;
  }
  const ordered = [...parts.values()].sort((a, b) => Number(a.key !== 'shop') - Number(b.key !== 'shop'));
  const carrier = ordered[0];
  if (carrier) carrier.addonsMinor = options.addonsMinor;
  return ordered;
}

/** The total a part asks for. */
export const partTotalMinor = (part: PaymentPart): number => part.fareMinor + part.addonsMinor;
