/**
 * Currencies the site prices in (SPEC §9): USD by default, THB as the price fallback, USD, EUR
 * and THB pinned at the top of the selector, the full list here as configuration. `minorUnits`
 * is ISO 4217's exponent: amounts are stored as integers of the minor unit.
 */

// No zod here: this module runs in browsers (currency menu, account links, islands); the
// request schema lives in currency.ts for the server.
export interface CurrencyInfo {
  code: string;
  symbol: string;
  minorUnits: 0 | 2 | 3;
}

export const CURRENCIES = [
  { code: 'USD', symbol: '$', minorUnits: 2 },
  { code: 'EUR', symbol: '€', minorUnits: 2 },
  { code: 'THB', symbol: '฿', minorUnits: 2 },
  { code: 'AED', symbol: 'د.إ', minorUnits: 2 },
  { code: 'AUD', symbol: 'A$', minorUnits: 2 },
  { code: 'BRL', symbol: 'R$', minorUnits: 2 },
  { code: 'CAD', symbol: 'C$', minorUnits: 2 },
  { code: 'CHF', symbol: 'CHF', minorUnits: 2 },
  { code: 'CNY', symbol: '¥', minorUnits: 2 },
  { code: 'CZK', symbol: 'Kč', minorUnits: 2 },
  { code: 'DKK', symbol: 'kr', minorUnits: 2 },
  { code: 'GBP', symbol: '£', minorUnits: 2 },
  { code: 'HKD', symbol: 'HK$', minorUnits: 2 },
  { code: 'HRK', symbol: 'kn', minorUnits: 2 },
  { code: 'IDR', symbol: 'Rp', minorUnits: 0 },
  { code: 'ILS', symbol: '₪', minorUnits: 2 },
  { code: 'INR', symbol: '₹', minorUnits: 2 },
  { code: 'IRR', symbol: '﷼', minorUnits: 0 },
  { code: 'JPY', symbol: '¥', minorUnits: 0 },
  { code: 'KHR', symbol: '៛', minorUnits: 0 },
  { code: 'KRW', symbol: '₩', minorUnits: 0 },
  { code: 'KWD', symbol: 'د.ك', minorUnits: 3 },
  { code: 'LAK', symbol: '₭', minorUnits: 0 },
  { code: 'MMK', symbol: 'K', minorUnits: 0 },
  { code: 'MXN', symbol: 'MX$', minorUnits: 2 },
  { code: 'MYR', symbol: 'RM', minorUnits: 2 },
  { code: 'NOK', symbol: 'kr', minorUnits: 2 },
  { code: 'NZD', symbol: 'NZ$', minorUnits: 2 },
  { code: 'PHP', symbol: '₱', minorUnits: 2 },
  { code: 'PLN', symbol: 'zł', minorUnits: 2 },
  { code: 'RUB', symbol: '₽', minorUnits: 2 },
  { code: 'SAR', symbol: '﷼', minorUnits: 2 },
  { code: 'SEK', symbol: 'kr', minorUnits: 2 },
  { code: 'SGD', symbol: 'S$', minorUnits: 2 },
  { code: 'TRY', symbol: '₺', minorUnits: 2 },
  { code: 'TWD', symbol: 'NT$', minorUnits: 2 },
  { code: 'UAH', symbol: '₴', minorUnits: 2 },
  { code: 'VND', symbol: '₫', minorUnits: 0 },
  { code: 'ZAR', symbol: 'R', minorUnits: 2 },
] as const satisfies readonly CurrencyInfo[];

export type CurrencyCode = (typeof CURRENCIES)[number]['code'];

export const DEFAULT_CURRENCY: CurrencyCode = 'USD';
/** Currency of a price that has none (SPEC §3 trips summary default, §9). */
export const FALLBACK_PRICE_CURRENCY: CurrencyCode = 'THB';
export const PINNED_CURRENCIES: readonly CurrencyCode[] = ['USD', 'EUR', 'THB'];

const byCode = new Map<string, CurrencyInfo>(CURRENCIES.map((c) => [c.code, c]));

export function isSupportedCurrency(code: string): code is CurrencyCode {
  return byCode.has(code);
}

export function currencyInfo(code: CurrencyCode): CurrencyInfo {
  return byCode.get(code) ?? CURRENCIES[0];
}

/** SPEC §5: a stored currency is used only if supported, else USD. */
export function resolveCurrency(stored: string | null | undefined): CurrencyCode {
  const code = stored?.trim().toUpperCase();
  return code && isSupportedCurrency(code) ? code : DEFAULT_CURRENCY;
}

/** Pinned currencies first, then the rest alphabetically — the selector's order. */
export function currenciesForSelector(): { pinned: CurrencyInfo[]; others: CurrencyInfo[] } {
  const pinned = PINNED_CURRENCIES.map((code) => currencyInfo(code));
  const others = CURRENCIES.filter((c) => !PINNED_CURRENCIES.includes(c.code)).sort((a, b) => a.code.localeCompare(b.code));
  return { pinned, others };
}
