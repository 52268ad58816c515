/**
 * Paths with the language segment (SPEC §2: every route starts with {lang}).
 */
import { isSegment, type LocaleSegment } from '../i18n/locales.ts';

/** The same page in another language: swaps the first segment, keeps the rest and the query. */
export function switchLanguagePath(pathWithQuery: string, target: LocaleSegment): string {
  const [path, query] = splitQuery(pathWithQuery);
  const parts = path.split('/');
  const first = parts[1] ?? '';
  if (isSegment(first)) parts[1] = target;
  else parts.splice(1, 0, target);
  const joined = parts.join('/').replace(/\/+$/, '') || `/${target}`;
  return query ? `${joined}?${query}` : joined;
}

export function localizedPath(lang: LocaleSegment, path = ''): string {
  const clean = path.replace(/^\/+/, '');
  return clean ? `/${lang}/${clean}` : `/${lang}`;
}

function splitQuery(value: string): [string, string | undefined] {
  const index = value.indexOf('?');
  return index === -1 ? [value, undefined] : [value.slice(0, index), value.slice(index + 1)];
}

/**
 * The language-neutral address of a page, the `x-default` alternate crawlers send visitors to
 * when no language matches theirs: the path without its language segment (`/en/about` →
 * `/about`, `/en` → `/`). The server answers such an address by choosing the visitor's language
 * (`languageChoiceTarget`), as `/` always has.
 */
export function languageNeutralPath(pathWithQuery: string): string {
  const [path, query] = splitQuery(pathWithQuery);
  const parts = path.split('/');
  if (isSegment(parts[1] ?? '')) parts.splice(1, 1);
  const joined = parts.join('/').replace(/\/+$/, '') || '/';
  return query ? `${joined}?${query}` : joined;
}

/**
 * First segments that are never pages in a language: the API, built assets, the test gateway,
 * and the error pages other routes rewrite to (`Astro.rewrite('/404')` must stay a 404).
 */
const NOT_PAGES: ReadonlySet<string> = new Set(['api', '_astro', '_server-islands', '_image', 'pagefind', 'sandbox-gateway', '404', '500']);
/** Page addresses are lowercase slugs; anything else (a stray `%`, a dot, a capital) stays a 404. */
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Where a language-neutral address sends a visitor whose language is `segment`: the same path
 * under that language, or null when the path is not a page address (it has a language already,
 * names a file, or belongs to the API or the assets), which stays a 404.
 */
export function languageChoiceTarget(pathname: string, search: string, segment: LocaleSegment): string | null {
  const parts = pathname.split('/').filter(Boolean);
  const first = parts[0];
  if (first === undefined || isSegment(first) || NOT_PAGES.has(first)) return null;
  if (!parts.every((part) => SLUG.test(part))) return null;
  return `${localizedPath(segment, parts.join('/'))}${search}`;
}
