/**
 * The `language` cookie (SPEC §3), written when the traveller picks a language — in the header's
 * menu or on the language page — if their consent allows preferences. `/` and the
 * language-neutral addresses then send them to it (src/server/languageChoice.ts).
 */
import { isSegment } from '../../i18n/locales.ts';
import { writeCookie } from '../../stores/cookies.ts';
import { consentAllows } from '../analytics/start.client.ts';

export function rememberLanguage(href: string): void {
  const segment = new URL(href, document.baseURI).pathname.split('/')[1] ?? '';
  if (isSegment(segment) && consentAllows('preferences')) writeCookie('language', segment);
}

/** Writes the cookie as a language link is followed (synchronously: the page is about to go). */
export function rememberLanguageOnClick(links: Iterable<HTMLAnchorElement>): void {
  for (const link of links)
    link.addEventListener('click', () => {
      rememberLanguage(link.href);
    });
}
