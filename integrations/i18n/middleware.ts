import { defineMiddleware } from 'astro:middleware';
import { localeBySegment, resolveSegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';

/** Puts the request's locale (from the first path segment, SPEC §5 rules) and `t` on locals. */
export const i18nMiddleware = defineMiddleware((context, next) => {
  const firstSegment = context.url.pathname.split('/')[1];
  const locale = localeBySegment(resolveSegment(firstSegment));
  const messages = messagesFor(locale.code);
  context.locals.locale = locale;
  context.locals.messages = messages;
  context.locals.t = createTranslator(locale.code, messages, ENGLISH);
  return next();
});
