/**
 * The locales a build pre-renders. All 24 by default; `QUICK_BUILD_LOCALES=en,ar` limits the
 * content, station, operator and trip pages to those URL segments, so tests and local runs build in
 * seconds instead of minutes. Every getStaticPaths of those pages goes through this one helper.
 */
import { readEnvironment } from '../config/environment.ts';
import { LOCALES, type Locale } from './locales.ts';

export function parseQuickLocales(value: string | undefined): Locale[] {
  if (!value?.trim()) return [...LOCALES];
  const wanted = new Set(
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const picked = LOCALES.filter((l) => wanted.has(l.segment));
  return picked.length > 0 ? picked : [...LOCALES];
}

export function buildLocales(): Locale[] {
  return parseQuickLocales(readEnvironment(['QUICK_BUILD_LOCALES']).QUICK_BUILD_LOCALES);
}
