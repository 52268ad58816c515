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
