/**
 * The page shell's one script (header, menus, account links, bot mark, new-build check), loaded
 * by every page from Layout.astro. One file rather than one per component: a visitor downloads
 * it once, and it compresses better than eight small files. What only some visitors need (a
 * signed-in user's links, an agent's logo, Google one-tap, the full menus, the bot list) is
 * imported when it is needed.
 */
import { readCookie } from '../../stores/readCookie.ts';
import { CONSENT_CHANGED } from '../../domain/consent.ts';
import { wireBackButtons } from '../backButton.client.ts';
import { watchForNewBuilds } from './buildCheck.client.ts';
import { wireCurrencyMenus } from './currencyLabel.client.ts';
import { whenMenuWanted } from './menuIntent.ts';

export function startShell(doc: Document): void {
  wireBackButtons(doc);
  wireCurrencyMenus(doc);
  whenMenuWanted('[data-language-menu]', () =>
    import('./languageMenu.client.ts').then((m) => {
      m.enhanceLanguageMenus(doc);
    }),
  );
  whenMenuWanted('[data-currency-menu]', () =>
    import('./currencyMenu.client.ts').then((m) => {
      m.addOtherCurrencies(doc);
    }),
  );

  // Visitors keep the rendered account links and load nothing more; signed-in users get theirs.
  if (readCookie('user_id')) {
    void import('../accountLinks.client.ts').then((m) => {
      m.hydrateAccountLinks(doc);
    });
    // Only agents (resellers) can be co-branded.
    if (readCookie('role') === 'reseller') void import('../headerLogo.client.ts').then((m) => m.applyAgentBranding(doc));
  }

  const oneTap = doc.querySelector<HTMLElement>('[data-one-tap]');
  if (oneTap?.dataset.clientId)
    void import('../oneTap.client.ts').then((m) => {
      m.startOneTap(oneTap);
    });

  // SPEC §1: <html data-bot> hides bot-excluded parts for crawlers; the bot list is a large
  // pattern that no visitor needs before the page is idle.
  const markBots = () =>
    void import('../../domain/bots.ts').then(({ isBotUserAgent }) => {
      if (isBotUserAgent(navigator.userAgent)) doc.documentElement.dataset.bot = '';
    });
  if ('requestIdleCallback' in window) requestIdleCallback(markBots);
  else setTimeout(markBots, 1);

  watchForNewBuilds();
  // Analytics need a recorded choice that allows them (analytics/start.client.ts decides): a page
  // without a consent cookie loads nothing until the bar announces an answer, and one with it
  // loads the small starter once the page is idle — outside every page's first load.
  const analytics = () =>
    void import('../analytics/start.client.ts').then((m) => {
      m.startAnalytics(doc);
    });
  if (readCookie('consent')) {
    if ('requestIdleCallback' in window) requestIdleCallback(analytics);
    else setTimeout(analytics, 1);
  } else doc.addEventListener(CONSENT_CHANGED, analytics, { once: true });
  // Likely next pages, once the page itself is done (idle), so prefetching never competes with it.
  const prefetch = () =>
    void import('./prefetch.client.ts').then((m) => {
      m.startPrefetch(doc);
    });
  if ('requestIdleCallback' in window) requestIdleCallback(prefetch);
  else setTimeout(prefetch, 1);
}
