/**
 * The site's money format, apart from the currency table (currencyCodes.ts) so that the page
 * shell, which only needs the table, does not load the bidi helpers the format needs.
 */
import { directionOf, isolate } from './bidi.ts';
import { currencyInfo, isSupportedCurrency, type CurrencyCode } from './currencyCodes.ts';

// Building an Intl.NumberFormat costs far more than formatting with one (it was a tenth of a
// trip page's render time); a build formats hundreds of thousands of fares in 24 locales.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * The site's one money format: integer minor units in a locale, e.g. 123450 THB → "฿1,234.50",
 * with Intl's own symbol and order for the locale (CLDR: what a reader of that language
 * expects). In right-to-left locales the currency symbol is isolated (FSI…PDI): Intl writes
 * "23.22 US$" for Arabic, and without the isolate the bidi algorithm shows it as "$US 23.22".
 */
export function formatMoney(minor: number, code: CurrencyCode, localeCode: string): string {
  const { minorUnits } = currencyInfo(code);
  const key = `${localeCode} ${code}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeCode, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: minorUnits,
      maximumFractionDigits: minorUnits,
    });
    moneyFormats.set(key, format);
  }
  const amount = minor / 10 ** minorUnits;
  if (directionOf(localeCode) === 'ltr') return format.format(amount);
  return format
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? isolate(part.value) : part.value))
    .join('');
}

/**
 * Money in major units ({value, fxcode}, the wire's Money) in the same format; a code outside
 * the table falls back to "12.5 XYZ".
 */
export function formatMoneyValue(money: { value: number; fxcode: string }, localeCode: string): string {
  const code = money.fxcode.toUpperCase();
  if (!isSupportedCurrency(code)) return `${String(money.value)} ${money.fxcode}`;
  return formatMoney(Math.round(money.value * 10 ** currencyInfo(code).minorUnits), code, localeCode);
}

/** Rounds a money amount up to a whole major unit (SPEC §6: the balance link). */
export function ceilToMajor(minor: number, code: CurrencyCode): number {
  const factor = 10 ** currencyInfo(code).minorUnits;
  return Math.ceil(minor / factor) * factor;
}
