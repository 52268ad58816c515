import { defineMiddleware } from 'astro:middleware';
import { localeBySegment, segmentForPath } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';

/** Puts the request's locale (from the path's language segment, SPEC §5 rules) and `t` on locals. */
export const i18nMiddleware = defineMiddleware((context, next) => {
  const locale = localeBySegment(segmentForPath(context.url.pathname));
  const messages = messagesFor(locale.code);
  context.locals.locale = locale;
  context.locals.messages = messages;
  context.locals.t = createTranslator(locale.code, messages, ENGLISH);
  return next();
});
