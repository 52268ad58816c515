/**
 * The first piece of analytics (the shell script imports it at idle, or on the consent bar's answer): it reads the consent
 * cookie and loads the collector only when the visitor has decided and allowed statistics
 * (SPEC §4 categories). Until then nothing is loaded, no cookie is written, nothing is sent.
 * The consent bar announces a new choice with CONSENT_CHANGED, so accepting starts the collector
 * on the page at hand, and refusing stops a running one.
 */
import { CONSENT_CHANGED, hasDecided, isCategoryAllowed, parseConsent, type ConsentCategory } from '../../domain/consent.ts';
import { readCookie } from '../../stores/readCookie.ts';

/**
 * Whether the visitor's recorded choice allows a category. Unlike the SPEC's default for other
 * features, a visitor who has not answered the bar yet gets no analytics: tracking cookies need
 * the answer first (the bar is on screen until then).
 */
export function consentAllows(category: ConsentCategory, raw: string | undefined = readCookie('consent')): boolean {
  const consent = parseConsent(raw);
  return hasDecided(consent) && isCategoryAllowed(consent, category);
}

export function startAnalytics(doc: Document): void {
  let started = false;
  const start = () => {
    if (started || !consentAllows('statistics')) return;
    started = true;
    void import('./collector.client.ts').then((m) => {
      m.startCollector(doc);
    });
  };
  start();
  doc.addEventListener(CONSENT_CHANGED, start);
}
