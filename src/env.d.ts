/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    locale: import('./i18n/locales.ts').Locale;
    messages: import('./i18n/translate.ts').Messages;
    t: import('./i18n/translate.ts').Translate;
  }
}
