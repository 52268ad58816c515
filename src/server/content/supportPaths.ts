/**
 * Every address under /{lang}/support/… that the support centre pre-renders (SPEC §2), and
 * what each one shows: an article, a section listing, all articles, the help page or a legal
 * text. help/booking-list is not here: it needs a signed-in user and belongs to the accounts
 * pages.
 */
import { SUPPORT_CATEGORIES, type SupportCategory } from '../../domain/content/schemas.ts';
import type { ContentStore } from './store.ts';

export const LEGAL_PAGES = ['terms', 'privacy-policy', 'cancellation-policy'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export type SupportTarget =
  | { kind: 'article'; slug: string }
  | { kind: 'category'; category: SupportCategory }
  | { kind: 'articles' }
  | { kind: 'help' }
  | { kind: 'legal'; page: LegalPage };

export function supportTargets(store: ContentStore): Map<string, SupportTarget> {
  const targets = new Map<string, SupportTarget>();
  for (const category of SUPPORT_CATEGORIES) targets.set(category, { kind: 'category', category });
  targets.set('articles', { kind: 'articles' });
  targets.set('help', { kind: 'help' });
  for (const page of LEGAL_PAGES) targets.set(page, { kind: 'legal', page });
  for (const slug of store.support.slugs) {
    const english = store.support.get(slug, 'en');
    const path = english?.data.path ?? slug;
    if (targets.has(path)) throw new Error(`Support article ${slug} would hide /support/${path}; give it another file name or path`);
    targets.set(path, { kind: 'article', slug });
  }
  return targets;
}
