/** A translator for a locale code outside a request (endpoints whose path has no language). */
import { localeByCode } from '../../i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../i18n/messages.ts';
import { createTranslator, type Translate } from '../../i18n/translate.ts';

export function translatorFor(code: string): Translate {
  const locale = localeByCode(code);
  return locale ? createTranslator(locale.code, messagesFor(locale.code), ENGLISH) : createTranslator('en', ENGLISH);
}
