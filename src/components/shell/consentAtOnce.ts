/**
 * The one inline script of the shell: it shows the consent bar while the page is parsed when
 * there is no consent cookie at all, so a first visit paints the bar with the page instead of
 * when the bar's module script has downloaded (on a phone ~1 s later, which made the bar's text
 * the Largest Contentful Paint, timed late: issue 23). The module script in CookieConsent.astro
 * still decides every other case (a cookie without a decision, the footer's settings link).
 *
 * Astro's CSP lists only the inline scripts it bundles: integrations/csp/policy.ts adds this
 * one's hash to the policy, so the text here and the hash always agree.
 */
import { createHash } from 'node:crypto';
import { CONSENT_COOKIE } from '../../domain/consent.ts';

/** Runs right after the bar's element (its previous sibling). */
export const CONSENT_AT_ONCE_SCRIPT = `if(!/(?:^|;\\s*)${CONSENT_COOKIE}=/.test(document.cookie)){document.currentScript.previousElementSibling.hidden=false;document.documentElement.classList.add('consent-open')}`;

export const CONSENT_AT_ONCE_HASH = `sha256-${createHash('sha256').update(CONSENT_AT_ONCE_SCRIPT).digest('base64')}` as const;
