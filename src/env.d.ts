/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    locale: import('./i18n/locales.ts').Locale;
    messages: import('./i18n/translate.ts').Messages;
    t: import('./i18n/translate.ts').Translate;
  }
}

interface ImportMetaEnv {
  /** Set by integrations/build-info for the new-build check. */
  readonly PUBLIC_BUILD_ID: string;
  readonly PUBLIC_ERROR_FOOTER?: string;
  readonly PUBLIC_HIDE_BACK_BUTTON?: string;
}
