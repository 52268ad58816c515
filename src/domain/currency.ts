/**
 * Currencies (SPEC §9): the table and rules are in currencyCodes.ts, which browsers load without
 * zod; this module adds the request schema for the server and re-exports the rest.
 */
import { z } from 'zod';
import { isSupportedCurrency, type CurrencyCode } from './currencyCodes.ts';

export * from './currencyCodes.ts';
export * from './moneyFormat.ts';

export const currencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code): code is CurrencyCode => isSupportedCurrency(code), { message: 'unsupported_currency' });
