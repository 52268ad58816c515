/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    locale: import('./i18n/locales.ts').Locale;
    messages: import('./i18n/translate.ts').Messages;
    t: import('./i18n/translate.ts').Translate;
    /** The signed-in session on guarded pages (src/server/accounts/middleware.ts); null for visitors. */
    session?: import('./server/accounts/sessions.ts').ActiveSession | null;
    /** The page is the same for every visitor: keep it as a file for later visits (src/server/renderedPages.ts). */
    keepAsFile?: boolean;
    /** This request's id (the `x-request-id` header when a proxy gave a sane one): log lines and booking audit rows carry it. */
    requestId?: string;
    /** The white-label partner whose host this request came to (src/server/partners/middleware.ts); absent on the main site. */
    partner?: import('./server/partners/partner.ts').Partner;
    /** This visitor's feature flag variants, flag key → variant (src/server/flags/middleware.ts). */
    flags?: Readonly<Record<string, string>>;
    /** A checkout or pay step's cart and bookings, read once by src/server/checkout/middleware.ts; absent elsewhere. */
    checkout?: import('./server/checkout/context.ts').CheckoutRoute;
  }
}

interface ImportMetaEnv {
  /** Set by integrations/build-info for the new-build check. */
  readonly PUBLIC_BUILD_ID: string;
  readonly PUBLIC_ERROR_FOOTER?: string;
  readonly PUBLIC_HOTEL_AFFILIATE_URL?: string;
  /** Reset-password captcha widget (src/config/captcha.ts). */
  readonly PUBLIC_CAPTCHA_SITE_KEY?: string;
  readonly PUBLIC_CAPTCHA_SCRIPT_URL?: string;
}
