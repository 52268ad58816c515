/**
 * The language a visitor gets at a language-neutral address (`/`, or `/about` from an `x-default`
 * alternate): the language cookie if it names a supported segment, else the best match for
 * Accept-Language, else English. The answer varies with both, so caches must keep them apart.
 */
import type { AstroCookies } from 'astro';
import { isSegment, segmentFromAcceptLanguage, type LocaleSegment } from '../i18n/locales.ts';

export const LANGUAGE_CHOICE_VARY = 'Accept-Language, Cookie';

export function chosenSegment(cookies: AstroCookies, request: Request): LocaleSegment {
  const fromCookie = cookies.get('language')?.value;
  return fromCookie && isSegment(fromCookie) ? fromCookie : segmentFromAcceptLanguage(request.headers.get('accept-language'));
}
