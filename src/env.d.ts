/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    locale: import('./i18n/locales.ts').Locale;
    messages: import('./i18n/translate.ts').Messages;
    t: import('./i18n/translate.ts').Translate;
    /** The signed-in session on guarded pages (src/server/accounts/middleware.ts); null for visitors. */
    session?: import('./server/accounts/sessions.ts').ActiveSession | null;
  }
}

interface ImportMetaEnv {
  /** Set by integrations/build-info for the new-build check. */
  readonly PUBLIC_BUILD_ID: string;
  readonly PUBLIC_ERROR_FOOTER?: string;
  readonly PUBLIC_HIDE_BACK_BUTTON?: string;
  readonly PUBLIC_HOTEL_AFFILIATE_URL?: string;
}
