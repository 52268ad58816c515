/**
 * Requests from the traveller's browser in the API tests. Kept apart from checkoutNetwork.ts:
 * the translator loads every locale through Vite's import.meta.glob, which only Vitest has, and
 * the crash browser test (Playwright) imports the network — with this in the same file
 * Playwright could not load any spec.
 */
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';

/**
 * The cart session of the traveller's browser in the API tests: carts the tests make are bound to
 * it (as the add-to-cart page binds them), and requests carry it unless a test says otherwise.
 */
export const TRAVELLER_SESSION = 'traveller-browser-session-key-for-the-tests';
export const TRAVELLER_COOKIE = `cart_session=${TRAVELLER_SESSION}`;

/** Request init with the traveller's cookie added, unless the test set its own cookie header. */
export function asTraveller(init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  if (!headers.has('cookie')) headers.set('cookie', TRAVELLER_COOKIE);
  return { ...init, headers };
}

/** What an API handler receives for a request from the traveller's browser on the English site. */
export function travellerApiContext(path: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  const url = new URL(`http://shop.test${path}`);
  const locale = localeBySegment('en');
  return {
    request: new Request(url, asTraveller(init)),
    url,
    params,
    locals: { locale, messages: messagesFor(locale.code), t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH) },
  };
}
