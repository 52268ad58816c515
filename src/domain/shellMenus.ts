/**
 * The language and currency menus of the page shell (pure: used by the server-rendered pages,
 * the language and currency pages, and the scripts that fill the menus in the browser).
 */
import { LOCALES, type LocaleSegment } from '../i18n/locales.ts';
import { switchLanguagePath } from './localizedPath.ts';

/**
 * A path on this site, or null: one leading slash, no backslash, no control characters. Anything
 * else (`//evil.example`, `/\evil.example`, `https://…`) could leave the site when followed.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return null;
  return value;
}

export function languagePagePath(lang: LocaleSegment, fromPath: string): string {
  return `/${lang}/language?from=${encodeURIComponent(fromPath)}`;
}

export function currencyPagePath(lang: LocaleSegment, returnTo: string): string {
  return `/${lang}/currency?returnTo=${encodeURIComponent(returnTo)}`;
}

export interface LanguageLink {
  href: string;
  /** BCP 47 code, for hreflang and lang. */
  code: string;
  name: string;
  current: boolean;
}

/** The same page in each language, the current one marked. */
export function languageLinks(pathWithQuery: string, current: LocaleSegment): LanguageLink[] {
  return LOCALES.map((l) => ({
    href: switchLanguagePath(pathWithQuery, l.segment),
    code: l.code,
    name: l.name,
    current: l.segment === current,
  }));
}
