/**
 * What the rail pass pages need from the server: the catalogue (from the search index, loaded
 * once per build for the pre-rendered pages, per reseed for the server-rendered ones) and the
 * view context of a request. Prices on pre-rendered pages are the issuer's own (they cannot know
 * the reader's currency); server-rendered pages convert into the reader's currency.
 */
import { resolveCurrency } from '../../domain/currency.ts';
import type { RailpassRecord } from '../../domain/railpass/types.ts';
import { pricingCurrency } from '../../domain/search/money.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/translate.ts';
import { getSearchIndex } from '../search/cache.ts';
import type { ViewContext } from './results.ts';

export async function railpassIndex(): Promise<TimetableIndex> {
  return getSearchIndex();
}

export function passesOf(index: TimetableIndex): readonly RailpassRecord[] {
  return index.railpasses?.passes ?? [];
}

/** The view of a server-rendered request: the reader's currency from the currency cookie. */
export function viewFor(index: TimetableIndex, locale: Locale, t: Translate, currencyCookie: string | undefined): ViewContext {
  return {
    currency: pricingCurrency(resolveCurrency(currencyCookie), index.fx),
    fx: index.fx,
    localeCode: locale.code,
    segment: locale.segment,
    t,
  };
}

/** The view of a pre-rendered page: each pass priced in its issuer's currency (`currency` is overridden per pass). */
export function issuerView(index: TimetableIndex, locale: Locale, t: Translate, pass: Pick<RailpassRecord, 'currency'>): ViewContext {
  return { currency: pass.currency, fx: index.fx, localeCode: locale.code, segment: locale.segment, t };
}
