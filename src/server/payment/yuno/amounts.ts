/** Minor units (the shop's integers) to Yuno's decimal major-unit values and back, per currency. */
import { currencyInfo, isSupportedCurrency } from '../../../domain/currencyCodes.ts';

function minorUnits(currency: string): number {
  // Every currency the shop sells in is in the table; an unknown one is refused, not guessed.
  if (!isSupportedCurrency(currency)) throw new Error(`unsupported currency ${currency}`);
  return currencyInfo(currency).minorUnits;
}

export function toYunoValue(amountMinor: number, currency: string): number {
  return amountMinor / 10 ** minorUnits(currency);
}

/** Undefined when the value has more decimals than the currency has minor units (not an amount the shop charged). */
export function fromYunoValue(value: number, currency: string): number | undefined {
  const minor = value * 10 ** minorUnits(currency);
  const rounded = Math.round(minor);
  return Math.abs(minor - rounded) < 1e-6 ? rounded : undefined;
}
