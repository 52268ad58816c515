/**
 * Exchange rates and fare arithmetic. Fares are designed once in "Thai baht at Thai price
 * level" (the market the example prices come from), then scaled by a country's price level,
 * converted to the operator's currency and rounded the way operators print prices.
 */
import { CURRENCIES } from '../../src/domain/currency.ts';
import type { FxRateRow } from './rows.ts';

/** Units per 1 USD, mid-market, rounded; realistic rather than live. */
export const PER_USD: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  THB: 35.5,
  AED: 3.6725,
  AUD: 1.52,
  BRL: 5.45,
  CAD: 1.37,
  CHF: 0.88,
  CNY: 7.2,
  CZK: 23.2,
  DKK: 6.87,
  GBP: 0.78,
  HKD: 7.8,
  HRK: 6.93,
  IDR: 16_200,
  ILS: 3.7,
  INR: 83.5,
  IRR: 42_000,
  JPY: 150,
  KHR: 4_100,
  KRW: 1_350,
  KWD: 0.307,
  LAK: 21_800,
  MMK: 2_100,
  MXN: 18.5,
  MYR: 4.45,
  NOK: 10.7,
  NZD: 1.65,
  PHP: 57,
  PLN: 3.95,
  RUB: 90,
  SAR: 3.75,
  SEK: 10.5,
  SGD: 1.34,
  TRY: 32.5,
  TWD: 32,
  UAH: 41,
  VND: 25_400,
  ZAR: 18.3,
};

export function fxRateRows(): FxRateRow[] {
  return CURRENCIES.map(({ code, minorUnits }) => {
    const perUsd = PER_USD[code];
    if (perUsd === undefined) throw new Error(`No seed exchange rate for ${code}; add it to PER_USD`);
    return { currency: code, perUsd, minorUnits };
  });
}

const MINOR_UNITS = new Map<string, number>(CURRENCIES.map((c) => [c.code, c.minorUnits]));

export function minorUnitsOf(currency: string): number {
  const units = MINOR_UNITS.get(currency);
  if (units === undefined) throw new Error(`Unsupported currency ${currency}`);
  return units;
}

/** What the same trip costs relative to Thailand; travellers notice Singapore is dearer. */
const PRICE_LEVEL: Readonly<Record<string, number>> = {
  TH: 1,
  KH: 1.35,
  LA: 1.2,
  VN: 0.9,
  MY: 1,
  SG: 1.6,
  ID: 0.95,
};

export function priceLevelOf(countryCode: string): number {
  return PRICE_LEVEL[countryCode] ?? 1;
}

/**
 * Rounds to two or three significant figures: 913 → 910, 1,837 → 1,850, 287,400 → 285,000.
 * Half of a power of ten keeps prices like 1,550 or 12.50 that operators really use.
 */
export function roundPrice(major: number): number {
  if (major <= 0) return 0;
  const step = Math.max(0.5, 10 ** (Math.floor(Math.log10(major)) - 1) / 2);
  return Math.max(step, Math.round(major / step) * step);
}

/** A fare given in Thai-level baht, as integer minor units of `currency` in `countryCode`. */
export function fareMinor(thbAtThaiLevel: number, countryCode: string, currency: string): number {
  const perUsd = PER_USD[currency];
  if (perUsd === undefined) throw new Error(`No seed exchange rate for ${currency}`);
  const major = roundPrice(((thbAtThaiLevel * priceLevelOf(countryCode)) / (PER_USD.THB ?? 35.5)) * perUsd);
  const minor = Math.round(major * 10 ** minorUnitsOf(currency));
  return Math.max(1, minor);
}
