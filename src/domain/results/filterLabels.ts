/**
 * What a filter option reads as (SPEC §3 option `label`): the filter panel shows it, and the
 * search answer sends it to apps, so both name an option the same way.
 */
import { TIME_BUCKET_NAMES } from './dayParts.ts';
import type { FilterOption } from './filters.ts';
import { parseHourRange, type FilterGroup } from './queryState.ts';
import type { Translate } from '../../i18n/translate.ts';
import { dataKey } from '../../i18n/messageKeys.ts';

export interface LabelContext {
  t: Translate;
  station: (id: number) => string;
  operator: (id: number) => string;
  /** The price tiers read as one to four currency symbols (SPEC §3). */
  currencySymbol: string;
}

export function filterOptionLabel(group: FilterGroup, option: FilterOption, c: LabelContext): string {
  const { t } = c;
  if (option.unknown) return t('results.unknownOption', { id: option.id });
  switch (group) {
    case 'dep_time':
    case 'arr_time': {
      const bucket = (TIME_BUCKET_NAMES as Record<string, string | undefined>)[option.id];
      const range = parseHourRange(option.id);
      const hours = range ? `${String(range.from).padStart(2, '0')}:00–${String(range.to).padStart(2, '0')}:00` : option.id;
      return bucket ? `${t(dataKey('results.time.', bucket))} ${hours}` : hours;
    }
    case 'vehclasses':
      return t(dataKey('vehclass.', option.id));
    case 'stations_from':
    case 'stations_to':
      return c.station(Number(option.id));
    case 'operator_id':
      return c.operator(Number(option.id));
    case 'quick':
      return t(dataKey('results.quick.', option.id));
    case 'trip_rating':
      return t(dataKey('results.rating.', option.id));
    case 'prices':
      return c.currencySymbol.repeat(Number(option.id));
  }
}

/**
 * Symbols already looked up, per locale and currency. Making an Intl.NumberFormat costs ~0.1 ms —
 * a twentieth of a whole search request's CPU, for the prices filter's label; callers pass
 * supported currencies and locales only, so the map stays small.
 */
const symbols = new Map<string, string>();

/** The currency's symbol in a locale ("$", "฿", "€"); its code when the locale has none. */
export function currencySymbol(currency: string, localeCode: string): string {
  const key = `${localeCode}|${currency}`;
  let symbol = symbols.get(key);
  if (symbol === undefined) {
    const part = new Intl.NumberFormat(localeCode, { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency');
    symbol = part?.value ?? currency;
    symbols.set(key, symbol);
  }
  return symbol;
}
