import type { Translate } from '../../i18n/translate.ts';
import { dataKey } from '../../i18n/messageKeys.ts';
/**
 * The rail pass destination pages (`/{lang}/railpass/{countrySlug}`), in the order the main page
 * lists them. A destination that is one country is named by Intl from its ISO code in the
 * reader's language; a multi-country one by its translation key.
 */
export interface RailpassDestination {
  slug: string;
  /** ISO 3166 code, or null for a multi-country destination (named by `railpass.destination.<slug>`). */
  code: string | null;
}

export const RAILPASS_DESTINATIONS: readonly RailpassDestination[] = [
  { slug: 'japan', code: 'JP' },
  { slug: 'south-korea', code: 'KR' },
  { slug: 'taiwan', code: 'TW' },
  { slug: 'europe', code: null },
  { slug: 'switzerland', code: 'CH' },
  { slug: 'united-kingdom', code: 'GB' },
];

export function destinationBySlug(slug: string): RailpassDestination | undefined {
  return RAILPASS_DESTINATIONS.find((d) => d.slug === slug);
}

/** The destination's name in `localeCode`; `europe` needs the translator's text. */
export function destinationName(d: RailpassDestination, localeCode: string, t: Translate): string {
  if (!d.code) return t(dataKey('railpass.destination.', d.slug));
  try {
    return new Intl.DisplayNames([localeCode, 'en'], { type: 'region' }).of(d.code) ?? d.code;
  } catch {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(d.code) ?? d.code;
  }
}
