/**
 * FX conversion of integer minor units. Rates are "units per 1 USD" (the fx_rates table), so
 * any pair converts through the dollar; the result is rounded to the target's minor unit,
 * which is what the traveller pays.
 */
import { currencyInfo, isSupportedCurrency } from '../currencyCodes.ts';
import type { FxRate } from './timetable.ts';

/**
 * Money on the wire. `minor` is the exact amount in integer minor units — what every
 * computation uses. `value` is the same amount in major units (12.5 = $12.50), the field
 * SPEC §3 names and the apps display; it is derived from `minor`, never summed or compared.
 */
export interface Money {
  value: number;
  fxcode: string;
  minor: number;
}

export function convertMinor(amountMinor: number, from: string, to: string, fx: ReadonlyMap<string, FxRate>): number | undefined {
  if (from === to) return amountMinor;
  const source = fx.get(from);
  const target = fx.get(to);
  if (!source || !target) return undefined;
  const usd = amountMinor / 10 ** source.minorUnits / source.perUsd;
  return Math.round(usd * target.perUsd * 10 ** target.minorUnits);
}

/** Money from integer minor units in the currency's own exponent (no conversion involved). */
export function moneyOf(amountMinor: number, currency: string): Money {
  const digits = isSupportedCurrency(currency) ? currencyInfo(currency).minorUnits : 2;
  return { value: amountMinor / 10 ** digits, fxcode: currency, minor: amountMinor };
}

export function toMoney(amountMinor: number, currency: string, fx: ReadonlyMap<string, FxRate>): Money {
  const digits = fx.get(currency)?.minorUnits ?? 2;
  return { value: amountMinor / 10 ** digits, fxcode: currency, minor: amountMinor };
}

/**
 * The currency prices are shown in: the requested one when there is a rate for it, else THB,
 * the price fallback of SPEC §9 (every seeded fare converts to it).
 */
export function pricingCurrency(requested: string, fx: ReadonlyMap<string, FxRate>): string {
  return fx.has(requested) ? requested : 'THB';
}
