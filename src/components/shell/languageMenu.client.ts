/**
 * Fills every language menu of the page with the same page in each language (the page itself
 * carries only a link to the language page, for visitors without JavaScript).
 */
import { languageLinks } from '../../domain/shellMenus.ts';
import { isSegment } from '../../i18n/locales.ts';
import { rememberLanguage } from './languageCookie.client.ts';

export function enhanceLanguageMenus(doc: Document): void {
  for (const menu of doc.querySelectorAll<HTMLElement>('[data-language-menu]')) {
    const list = menu.querySelector<HTMLUListElement>('[data-language-list]');
    const lang = menu.dataset.lang ?? '';
    if (!list || !isSegment(lang)) continue;
    for (const link of languageLinks(doc.location.pathname, lang)) {
      const a = doc.createElement('a');
      a.href = link.href;
      a.hreflang = link.code;
      a.lang = link.code;
      a.textContent = link.name;
      if (link.current) a.setAttribute('aria-current', 'true');
      // Keep the query string (search dates, filters) and the fragment when switching language.
      a.addEventListener('click', () => {
        a.search = doc.location.search;
        a.hash = doc.location.hash;
        rememberLanguage(a.href);
      });
      const item = doc.createElement('li');
      item.append(a);
      list.append(item);
    }
    list.hidden = false;
    menu.dataset.enhanced = '';
  }
}
